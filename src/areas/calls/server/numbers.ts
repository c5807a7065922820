import { and, eq, ne } from 'drizzle-orm';
import type { EntityHooks, FormValues } from '@server/crud/registerEntity';
import type { Executor } from '@server/db/client';
import { callNumbers } from './tables';
import { badRequest } from '@server/http/envelope';
import { alive, type RowOf } from '@server/db/work';

type CallNumberRow = RowOf<typeof callNumbers>;

/** The most numbers a pupil may ring (the phone's four speed-dial keys). */
export const MOST_NUMBERS = 4;

/**
 * 通话成员 (declared in number.ts): a pupil's numbers take the lowest free key of four, a number
 * once a pupil; a changed number is audited again. Every audit, push, stop and start marks the
 * number to go to the phones at their next sync.
 */
export const CALL_NUMBER_HOOKS: EntityHooks<CallNumberRow> = {
  beforeSave: ({ tx, id, values, before }) => placeNumber(tx, id, values, before),
  actions: {
    approve: async () => ({ set: { pushStatus: '0', rejectReason: null } }),
    reject: async ({ input }) => ({ set: { rejectReason: input.rejectReason } }),
    push: async () => ({ set: { pushStatus: '0' } }),
    disable: async () => ({ set: { pushStatus: '0' } }),
    enable: async () => ({ set: { pushStatus: '0' } }),
  },
};

/** A number's key and audit as it is written, from the console or the parent app (家长端). */
export async function placeNumber(tx: Executor, id: string | null, values: FormValues<CallNumberRow>, before: CallNumberRow | null): Promise<void> {
  const memberId = values.memberId ?? before?.memberId ?? '';
  const phone = values.phone ?? before?.phone ?? '';
  const others = await tx
    .select({ id: callNumbers.id, phone: callNumbers.phone, seq: callNumbers.seq })
    .from(callNumbers)
    .where(and(eq(callNumbers.memberId, memberId), alive(callNumbers), ...(id ? [ne(callNumbers.id, id)] : [])));
  if (others.some((other) => other.phone === phone)) throw badRequest(`该学生已登记号码 ${phone}`, `The pupil has ${phone} already`);
  const keep = before && before.memberId === memberId ? before.seq : null;
  if (keep === null) {
    const free = [1, 2, 3, 4].find((seq) => !others.some((other) => other.seq === seq));
    if (free === undefined) throw badRequest(`每名学生最多登记${MOST_NUMBERS}个亲情号码`, `A pupil has at most ${MOST_NUMBERS} family numbers`);
    values.seq = free;
  }
  // A new or changed number (or one moved to another pupil) waits for its audit again.
  if (!before || before.phone !== phone || before.memberId !== memberId) Object.assign(values, { auditStatus: '0', pushStatus: '0', auditBy: null, auditAt: null, rejectReason: null });
}
