/**
 * The terminals of the consumption benchmark, in a process of their own so that the server's
 * event loop carries only the server: N terminals each post a signed payment and wait for its
 * answer, over kept-alive connections, for the given seconds — or, with `batch`, uploads that many
 * records taken off line ten minutes ago at once. Prints one JSON line: the latencies (ms) of each
 * request, how many payments were posted and how many were refused.
 *   TERMINAL_LOAD='{"url","serial","secret","cards","terminals","seconds","batch"?}' node --import tsx terminalClient.ts
 */
import { createHmac } from 'node:crypto';
import { dateTimeIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import http from 'node:http';
import { terminalSigningText, type TerminalRecord } from '@shared/terminal';

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
const target = new URL(load.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: load.terminals });

function post(body: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve(text));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

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
      const timestamp = String(Date.now());
      const signature = createHmac('sha256', load.secret)
        .update(terminalSigningText(load.serial, timestamp, records))
        .digest('hex');
      const started = performance.now();
      const answer = JSON.parse(await post(JSON.stringify({ records }), { 'x-terminal-serial': load.serial, 'x-timestamp': timestamp, 'x-signature': signature })) as {
        result?: { success: boolean }[];
      };
      latencies.push(performance.now() - started);
      const ok = answer.result?.filter((row) => row.success).length ?? 0;
      posted += ok;
      refused += batch - ok;
    }
  }),
);
agent.destroy();
process.stdout.write(`${JSON.stringify({ latencies, posted, refused })}\n`);
