/**
 * The terminals of the consumption benchmark, in a process of their own so that the server's
 * event loop carries only the server: N terminals each post a signed payment and wait for its
 * answer, over kept-alive connections, for the given seconds — or, with `batch`, uploads that many
 * records taken off line ten minutes ago at once. Prints one JSON line: the latencies (ms) of each
 * request, how many payments were posted and how many were refused.
 *   TERMINAL_LOAD='{"url","serial","secret","cards","terminals","seconds","batch"?}' node --import tsx terminalClient.ts
 */
import { dateTimeIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import type { TerminalRecord } from '@shared/terminal';
import { terminalPoster } from './terminalHttp';

interface Load {
  url: string;
  serial: string;
  secret: string;
  cards: string[];
  terminals: number;
  seconds: number;
  /** Records in each request: an offline upload (default 1, a payment at its moment). */
  batch?: number;
}

const load = JSON.parse(process.env.TERMINAL_LOAD ?? '{}') as Load;
const terminal = terminalPoster(load.url, load.terminals);

let serial = 0;
let refused = 0;
let posted = 0;
const latencies: number[] = [];
const until = Date.now() + load.seconds * 1000;
const batch = load.batch ?? 1;
await Promise.all(
  Array.from({ length: load.terminals }, async () => {
    while (Date.now() < until) {
      const deviceTime = dateTimeIn(DEFAULT_TIME_ZONE, new Date(Date.now() - (batch > 1 ? 10 * 60_000 : 0)));
      const records: TerminalRecord[] = Array.from({ length: batch }, () => {
        serial += 1;
        return { serialNo: `B${process.pid}-${serial}`, cardNo: load.cards[serial % load.cards.length]!, amount: 1, deviceTime };
      });
      const started = performance.now();
      const answers = await terminal.upload(load.serial, load.secret, records);
      latencies.push(performance.now() - started);
      const ok = answers.filter((row) => row.success).length;
      posted += ok;
      refused += batch - ok;
    }
  }),
);
terminal.close();
process.stdout.write(`${JSON.stringify({ latencies, posted, refused })}\n`);
