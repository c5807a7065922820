/**
 * The terminals of the consumption benchmark, in a process of their own so that the server's
 * event loop carries only the server: N terminals each post a signed payment and wait for its
 * answer, over kept-alive connections, for the given seconds. Prints one JSON line: the
 * latencies (ms) and how many payments were refused.
 *   TERMINAL_LOAD='{"url","serial","secret","cards","terminals","seconds"}' node --import tsx terminalClient.ts
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
const latencies: number[] = [];
const until = Date.now() + load.seconds * 1000;
await Promise.all(
  Array.from({ length: load.terminals }, async () => {
    while (Date.now() < until) {
      serial += 1;
      const record: TerminalRecord = { serialNo: `B${process.pid}-${serial}`, cardNo: load.cards[serial % load.cards.length]!, amount: 1, deviceTime: dateTimeIn(DEFAULT_TIME_ZONE) };
      const timestamp = String(Date.now());
      const signature = createHmac('sha256', load.secret)
        .update(terminalSigningText(load.serial, timestamp, [record]))
        .digest('hex');
      const started = performance.now();
      const answer = JSON.parse(await post(JSON.stringify({ records: [record] }), { 'x-terminal-serial': load.serial, 'x-timestamp': timestamp, 'x-signature': signature })) as {
        result?: { success: boolean }[];
      };
      latencies.push(performance.now() - started);
      if (!answer.result?.[0]?.success) refused += 1;
    }
  }),
);
agent.destroy();
process.stdout.write(`${JSON.stringify({ latencies, refused })}\n`);
