/**
 * The ledger's load: many clients at once recharge, pay, refund and reverse on a few accounts, a
 * fifth of the requests sent twice at the same moment. Shared by the concurrency test (small) and
 * the benchmark (50 × 1,000 on PostgreSQL); each checks the ledger afterwards its own way.
 */
import { randomUUID } from 'node:crypto';

export interface LoadAnswer {
  status: number;
  body: { success: boolean; message: string; result?: { id?: string } | null };
}

export interface LedgerLoad {
  clients: number;
  operationsEach: number;
  cards: readonly { cardNo: string; accountId: string }[];
  /** Two operators: a recharge is reversed by the one who did not post it. */
  tokens: readonly [string, string];
  send(token: string, url: string, body: Record<string, unknown>): Promise<LoadAnswer>;
}

export interface LoadResult {
  /** Every operation some answer acknowledged: its key and the posting the answer named. */
  acknowledged: Map<string, string>;
  /** Milliseconds of each request (a pair sent at once counts twice). */
  latencies: number[];
  /** Pairs whose two acknowledgements named different postings: must be none. */
  mismatched: number;
  /** Answers other than 200, 400 and 409 (a 500, a lost connection): must be none. */
  unexpected: string[];
}

/** A small random generator with a fixed seed: a failing run can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

export async function runLedgerLoad(load: LedgerLoad): Promise<LoadResult> {
  const acknowledged = new Map<string, string>();
  const latencies: number[] = [];
  const unexpected: string[] = [];
  let mismatched = 0;
  const recharges: { id: string; by: number }[] = [];
  const payments: string[] = [];

  /** Sends once, or twice at the same moment; both answers must be the same posting. */
  async function send(token: string, url: string, body: Record<string, unknown>, twice: boolean): Promise<string | undefined> {
    const answers = await Promise.all(
      (twice ? [0, 1] : [0]).map(async () => {
        const started = performance.now();
        const answer = await load.send(token, url, body);
        latencies.push(performance.now() - started);
        return answer;
      }),
    );
    const ok = answers.filter((answer) => answer.body.success);
    const ids = new Set(ok.map((answer) => answer.body.result?.id));
    if (ids.size > 1) mismatched += 1;
    if (ok.length) acknowledged.set(body.idempotencyKey as string, ok[0]!.body.result!.id!);
    for (const answer of answers) if (![200, 400, 409].includes(answer.status)) unexpected.push(`${answer.status} ${url}: ${answer.body.message}`);
    return ok[0]?.body.result?.id;
  }

  await Promise.all(
    Array.from({ length: load.clients }, async (_, client) => {
      const next = random(client + 1);
      for (let i = 0; i < load.operationsEach; i += 1) {
        const card = load.cards[Math.floor(next() * load.cards.length)]!;
        const by = Math.floor(next() * 2);
        const token = load.tokens[by]!;
        const twice = next() < 0.2;
        const idempotencyKey = randomUUID().replaceAll('-', '');
        const roll = next();
        if (roll < 0.35) {
          const amount = (1 + Math.floor(next() * 5000) / 100).toFixed(2);
          const id = await send(token, '/memb/account/recharge', { idempotencyKey, accountId: card.accountId, amount, channel: 'cash' }, twice);
          if (id) recharges.push({ id, by });
        } else if (roll < 0.8) {
          const id = await send(token, '/pay/consume', { idempotencyKey, cardNo: card.cardNo, amount: (0.5 + Math.floor(next() * 1500) / 100).toFixed(2) }, twice);
          if (id) payments.push(id);
        } else if (roll < 0.92 && payments.length) {
          const txnId = payments[Math.floor(next() * payments.length)]!;
          await send(token, '/pay/consume/refund', { idempotencyKey, txnId, amount: '0.50', reason: '退款' }, twice);
        } else if (recharges.length) {
          const original = recharges[Math.floor(next() * recharges.length)]!;
          // Reversed by the other person.
          await send(load.tokens[1 - original.by]!, '/memb/account/rechargeReversal', { idempotencyKey, txnId: original.id, reason: '冲正' }, twice);
        }
      }
    }),
  );
  return { acknowledged, latencies, mismatched, unexpected };
}
