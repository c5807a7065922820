/**
 * A terminal's side of the HTTP API for the benchmarks' client processes: a signed upload of
 * payment records over kept-alive connections, answered with each record's result.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { terminalSigningText, type TerminalRecord } from '@shared/terminal';

export interface RecordAnswer {
  serialNo: string;
  success: boolean;
  message: string;
}

export function terminalPoster(url: string, connections: number) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

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

  return {
    /** Posts the records as the terminal `serial` signs them with `secret`: each record's answer (none when the whole request was refused). */
    async upload(serial: string, secret: string, records: TerminalRecord[]): Promise<RecordAnswer[]> {
      const timestamp = String(Date.now());
      const signature = createHmac('sha256', secret)
        .update(terminalSigningText(serial, timestamp, records))
        .digest('hex');
      const answer = JSON.parse(await post(JSON.stringify({ records }), { 'x-terminal-serial': serial, 'x-timestamp': timestamp, 'x-signature': signature })) as { result?: RecordAnswer[] };
      return answer.result ?? [];
    },
    close: () => agent.destroy(),
  };
}
