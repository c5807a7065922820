/**
 * A counter's load on a real server over HTTP, for the tests of what a whole process lives
 * through (a stop, a database restart, an instance lost behind the load balancer): terminals post
 * signed payments of 1 fen, each with its own serial number (the idempotency key), and clerks list
 * 用户管理, until told to stop. Every request's fate is kept: answered (and how), or failed with the
 * network's error — so a test can ask, of each failed payment, whether it committed.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { rowsOf } from '@server/db/rows';
import { dateTimeIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { terminalSigningText, type TerminalRecord } from '@shared/terminal';
import { ledgerFaults } from './ledgerChecks';
import type { Installation } from './serverProcess';

export interface PaymentFate {
  record: TerminalRecord;
  /** The record's answer (success, or the refusal's words); absent when the request failed. */
  answer?: { success: boolean; message: string };
  /** The HTTP status of an answer without the record's result (a 503 during an outage). */
  status?: number;
  /** The network's error (ECONNREFUSED, ECONNRESET, socket hang up). */
  error?: string;
}

export interface ClerkFate {
  status?: number;
  error?: string;
}

export interface Terminal {
  serial: string;
  secret: string;
}

/** What the counter needs from the database before its server starts: staff cards in service (no daily limits) and terminal POS0101. */
export async function counterOf(db: Database, count = 40): Promise<{ cards: string[]; deviceId: string }> {
  const rows = await rowsOf<{ card_no: string }>(
    db,
    sql`select c.card_no from memb_card c join memb_member m on m.id = c.member_id join memb_member_type y on y.id = m.member_type_id
         join memb_account a on a.id = c.account_id
         where c.card_status = '1' and y.code = 'STAFF' and a.cash_cents > 10000 order by c.card_no limit ${count}`,
  );
  const [device] = await rowsOf<{ id: string }>(db, sql`select id from dev_device where serial_no = 'POS0101'`);
  return { cards: rows.map((row) => row.card_no), deviceId: device!.id };
}

/** Issues the terminal a new key over HTTP (the administrator's 下发密钥). */
export async function issueTerminalKey(api: string, token: string, deviceId: string): Promise<Terminal> {
  const answer = (await (
    await fetch(`${api}/dev/device/issueKey`, { method: 'POST', headers: { 'X-Access-Token': token, 'content-type': 'application/json' }, body: JSON.stringify({ id: deviceId }) })
  ).json()) as { result: { secret: string } };
  return { serial: 'POS0101', secret: answer.result.secret };
}

function send(agent: http.Agent, url: URL, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, agent, headers: body ? { ...headers, 'content-length': String(Buffer.byteLength(body)) } : headers },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Posts records as the terminal signs them: the HTTP status and each record's answer. */
export async function uploadPayments(
  agent: http.Agent,
  api: string,
  terminal: Terminal,
  records: TerminalRecord[],
): Promise<{ status: number; answers?: { serialNo: string; success: boolean; message: string }[] }> {
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', terminal.secret)
    .update(terminalSigningText(terminal.serial, timestamp, records))
    .digest('hex');
  const { status, text } = await send(
    agent,
    new URL(`${api}/terminal/consume`),
    'POST',
    { 'content-type': 'application/json', 'x-terminal-serial': terminal.serial, 'x-timestamp': timestamp, 'x-signature': signature },
    JSON.stringify({ records }),
  );
  let parsed: { result?: { serialNo: string; success: boolean; message: string }[] } = {};
  try {
    parsed = JSON.parse(text);
  } catch {
    // An answer that is not the envelope (a proxy's error page): the status says it.
  }
  return { status, ...(Array.isArray(parsed.result) ? { answers: parsed.result } : {}) };
}

export interface CounterLoad {
  payments: PaymentFate[];
  clerks: ClerkFate[];
  /** Ends the load and waits for the requests under way. */
  stop(): Promise<void>;
}

/**
 * Starts `terminals` terminals and `clerks` clerks against `api` (each on kept-alive connections of
 * its own); a request refused at connect is tried again after 50 ms, as a terminal would.
 */
export function startCounterLoad(options: { api: string; terminal: Terminal; cards: string[]; terminals: number; clerks: number; token: string; tag: string }): CounterLoad {
  const payments: PaymentFate[] = [];
  const clerks: ClerkFate[] = [];
  let running = true;
  let serial = 0;
  const agents: http.Agent[] = [];
  const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
  const terminalLoops = Array.from({ length: options.terminals }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    while (running) {
      serial += 1;
      const record: TerminalRecord = { serialNo: `${options.tag}-${serial}`, cardNo: options.cards[serial % options.cards.length]!, amount: 1, deviceTime: dateTimeIn(DEFAULT_TIME_ZONE, new Date()) };
      const fate: PaymentFate = { record };
      payments.push(fate);
      try {
        const { status, answers } = await uploadPayments(agent, options.api, options.terminal, [record]);
        if (answers?.[0]) fate.answer = { success: answers[0].success, message: answers[0].message };
        else fate.status = status;
      } catch (error) {
        fate.error = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      }
      if (!fate.answer) await pause();
    }
  });
  const clerkLoops = Array.from({ length: options.clerks }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    while (running) {
      const fate: ClerkFate = {};
      clerks.push(fate);
      try {
        fate.status = (await send(agent, new URL(`${options.api}/sys/user/list?pageNo=1&pageSize=20`), 'GET', { 'X-Access-Token': options.token })).status;
      } catch (error) {
        fate.error = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      }
      if (fate.status !== 200) await pause();
    }
  });
  return {
    payments,
    clerks,
    async stop() {
      running = false;
      await Promise.all([...terminalLoops, ...clerkLoops]);
      for (const agent of agents) agent.destroy();
    },
  };
}

/**
 * The payments whose request failed, sent again with the same serial numbers once the server is
 * back: the answer tells whether the first one had committed (该请求已办理) or not (posted now).
 */
export async function askAgain(api: string, terminal: Terminal, failed: PaymentFate[]): Promise<{ committed: PaymentFate[]; postedNow: PaymentFate[]; refused: PaymentFate[] }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const outcome = { committed: [] as PaymentFate[], postedNow: [] as PaymentFate[], refused: [] as PaymentFate[] };
  try {
    for (const fate of failed) {
      // The device time as first sent: the same record, sent again.
      const { answers } = await uploadPayments(agent, api, terminal, [fate.record]);
      const answer = answers?.[0];
      if (!answer) throw new Error(`no answer for ${fate.record.serialNo} sent again`);
      (answer.success ? (answer.message === '该请求已办理' ? outcome.committed : outcome.postedNow) : outcome.refused).push({ ...fate, answer });
    }
  } finally {
    agent.destroy();
  }
  return outcome;
}

/** How many postings the ledger holds for each serial number of the load tagged `tag` (the key is T<terminal>-<serial number>). */
export async function postingsOf(db: Database, tag: string): Promise<Map<string, number>> {
  const rows = await rowsOf<{ serial_no: string; n: string }>(
    db,
    sql`select substr(idempotency_key, strpos(idempotency_key, '-') + 1) as serial_no, count(*)::text as n from fin_txn
         where txn_type = 'CONSUME' and operator like 'terminal:%' and idempotency_key like ${`T%-${tag}-%`} group by 1`,
  );
  return new Map(rows.map((row) => [row.serial_no, Number(row.n)]));
}

/**
 * The books after a load, read with the server stopped: of the payments acknowledged (answered
 * taken, or settled as taken when asked again), those not in the ledger exactly once; how many of the
 * load's payments the ledger holds; and the ledger's own faults (ledgerChecks.ts).
 */
export async function booksAfterLoad(installation: Installation, tag: string, acknowledged: PaymentFate[]): Promise<{ notOnce: string[]; postings: number; faults: string[] }> {
  const handle = await installation.open();
  try {
    const postings = await postingsOf(handle.db, tag);
    return {
      notOnce: acknowledged.map((fate) => fate.record.serialNo).filter((serialNo) => postings.get(serialNo) !== 1),
      postings: postings.size,
      faults: await ledgerFaults(handle.db),
    };
  } finally {
    await handle.close();
  }
}
