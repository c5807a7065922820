/**
 * The lunch peak's terminals, in a process of their own: each lane is one terminal with its queue
 * of pupils, who tap one after another, spread evenly over the (compressed) lunch. An on-line lane
 * posts each tap at its moment and waits for the answer, sending a record again with its serial
 * when the connection fails, as a terminal does; an off-line lane keeps its taps, dated over the
 * real lunch before the run, and uploads them in batches once the lunch is over. Prints one JSON
 * line: every record's answer, the on-line taps' latencies (ms), how late a tap was sent behind its
 * moment, and the uploads' latencies.
 * Its load comes as JSON on standard input: {"url","seconds","lunchMinutes","mealType","amount","batch","lanes":[{"serial","secret","cards","offline"}]}
 *   node --import tsx lunchTerminals.ts < load.json
 */
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { dateTimeIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import type { TerminalRecord } from '@shared/terminal';
import { terminalPoster, type RecordAnswer } from './terminalHttp';

interface Lane {
  serial: string;
  secret: string;
  cards: string[];
  offline?: boolean;
}
interface LunchLoad {
  url: string;
  /** The lunch as run: its taps spread over this many seconds. */
  seconds: number;
  /** The real lunch an off-line lane's taps are dated over, ending when the run starts. */
  lunchMinutes: number;
  mealType: string;
  /** A tap's price, in cents. */
  amount: number;
  /** Records in an off-line lane's upload. */
  batch: number;
  lanes: Lane[];
}

const load = JSON.parse(fs.readFileSync(0, 'utf8')) as LunchLoad;
const terminals = terminalPoster(load.url, load.lanes.length);
const answers: (RecordAnswer & { cardNo: string; offline: boolean })[] = [];
const tapLatencies: number[] = [];
const behind: number[] = [];
const uploadLatencies: number[] = [];
let resent = 0;
const started = Date.now();
const zone = DEFAULT_TIME_ZONE;

/** Sends the records until the server answers them: a failed connection is retried with the same serials. */
async function send(lane: Lane, records: TerminalRecord[]): Promise<RecordAnswer[]> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const answer = await terminals.upload(lane.serial, lane.secret, records);
      if (answer.length === records.length) return answer;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
    resent += 1;
    await sleep(200);
  }
}

await Promise.all(
  load.lanes.map(async (lane, laneIndex) => {
    const kept: TerminalRecord[] = [];
    const gap = (load.seconds * 1000) / lane.cards.length;
    for (const [index, cardNo] of lane.cards.entries()) {
      // Lanes start a little apart, as the queues do.
      const due = started + index * gap + (laneIndex * gap) / load.lanes.length;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      else behind.push(-wait);
      const serialNo = `${lane.serial}-${index + 1}`;
      if (lane.offline) {
        const realTime = new Date(started - load.lunchMinutes * 60_000 + ((index + 1) * load.lunchMinutes * 60_000) / (lane.cards.length + 1));
        kept.push({ serialNo, cardNo, amount: load.amount, deviceTime: dateTimeIn(zone, realTime), mealType: load.mealType });
        continue;
      }
      const record: TerminalRecord = { serialNo, cardNo, amount: load.amount, deviceTime: dateTimeIn(zone, new Date()), mealType: load.mealType };
      const sent = performance.now();
      const [answer] = await send(lane, [record]);
      tapLatencies.push(performance.now() - sent);
      answers.push({ ...answer!, cardNo, offline: false });
    }
    // The lunch is over: an off-line terminal back on line uploads what it kept.
    for (let from = 0; from < kept.length; from += load.batch) {
      const records = kept.slice(from, from + load.batch);
      const sent = performance.now();
      const answered = await send(lane, records);
      uploadLatencies.push(performance.now() - sent);
      answered.forEach((answer, at) => answers.push({ ...answer, cardNo: records[at]!.cardNo, offline: true }));
    }
  }),
);
terminals.close();
process.stdout.write(`${JSON.stringify({ answers, tapLatencies, behind, uploadLatencies, resent, elapsedMs: Date.now() - started })}\n`);
