import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { addMonths, dayIn } from '@shared/schoolTime';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { accounts, memberDepartments, members, subsidyBatches, subsidyItems } from '../../db/schema';
import { inSchool, schoolReads, Work } from '../../db/work';
import { ApiError, badRequest } from '../../http/envelope';
import { INNER, ledgerCore, type Caller } from '../ledger/core';
import { schoolZone } from '../schools/settings';

/**
 * 补助管理's work (DOMAIN.md 2.7, §15 补助发放/补助清零): people added to a batch, issued one posting
 * each (2203 补助资金 → the member's subsidy wallet) and cleared by what is left of the batch.
 *
 * Each person's step is its own transaction that locks the account, then the line, and acts only
 * if the line is still in the state it expects: a crash, a second run or a resumed run never pays
 * or clears anyone twice. What is left of a batch for a person is the subsidy wallet first spent
 * from the batch that expires first (FIFO by expiry): min(its amount, the wallet less what the
 * person's later-expiring batches still hold) — spent subsidy is never cleared.
 */

type BatchRow = typeof subsidyBatches.$inferSelect;
type ItemRow = typeof subsidyItems.$inferSelect;

/** A key the same whoever runs the step: the batch, the person and the step. */
const stepKey = (step: 'SB' | 'SC', batchId: string, memberId: string) => `${step}${createHash('sha256').update(`${batchId}:${memberId}`).digest('hex').slice(0, 40)}`;

/** The batch's people and total, counted again from its lines. */
export async function recountSubsidyBatch(work: Work, batchId: string): Promise<{ persons: number; total: number }> {
  const [counted] = await work.tx
    .select({ persons: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${subsidyItems.amount}), 0)` })
    .from(subsidyItems)
    .where(and(work.school(subsidyItems), eq(subsidyItems.batchId, batchId)));
  const result = { persons: counted!.persons, total: Number(counted!.total) };
  await work.update(subsidyBatches, result, eq(subsidyBatches.id, batchId));
  return result;
}

/** A department (a grade) and every one below it (its classes), of the school on `tx`. */
export async function departmentAndBelow(tx: Executor, tenantId: number, deptId: string): Promise<string[]> {
  const all = await tx
    .select({ id: memberDepartments.id, parentId: memberDepartments.parentId })
    .from(memberDepartments)
    .where(new Work(tx, tenantId, '').school(memberDepartments));
  const found = [deptId];
  for (let index = 0; index < found.length; index += 1) for (const row of all) if (row.parentId === found[index]) found.push(row.id);
  return found;
}

/** The people in service of a department and those below it (of a member type, or boarders or day pupils, when named), by number. */
export async function peopleInService(work: Work, deptId: string, only: { memberTypeId?: string | null; boardingType?: string | null } = {}): Promise<{ id: string; deptId: string }[]> {
  const departments = await departmentAndBelow(work.tx, work.tenantId, deptId);
  return work.tx
    .select({ id: members.id, deptId: members.deptId })
    .from(members)
    .where(
      and(
        work.school(members),
        eq(members.memberStatus, '1'),
        inArray(members.deptId, departments),
        only.memberTypeId ? eq(members.memberTypeId, only.memberTypeId) : undefined,
        only.boardingType ? eq(members.boardingType, only.boardingType) : undefined,
      ),
    )
    .orderBy(asc(members.memberNo));
}

/** The people in service with an open account of a department and those below it (of a member type when given). */
export async function peopleOfDepartment(work: Work, deptId: string, memberTypeId?: string | null): Promise<{ memberId: string; accountId: string }[]> {
  const found = await departmentAndBelow(work.tx, work.tenantId, deptId);
  return work.tx
    .select({ memberId: members.id, accountId: accounts.id })
    .from(members)
    .innerJoin(accounts, and(eq(accounts.memberId, members.id), work.school(accounts), eq(accounts.accountStatus, '1')))
    .where(and(work.school(members), eq(members.memberStatus, '1'), inArray(members.deptId, found), ...(memberTypeId ? [eq(members.memberTypeId, memberTypeId)] : [])))
    .orderBy(asc(members.memberNo));
}

/** The people named (of the school, in service, with an open account), by number; others are left out. */
export async function peopleWithAccounts(work: Work, memberIds: readonly string[]): Promise<{ memberId: string; accountId: string }[]> {
  if (!memberIds.length) return [];
  return work.tx
    .select({ memberId: members.id, accountId: accounts.id })
    .from(members)
    .innerJoin(accounts, and(eq(accounts.memberId, members.id), work.school(accounts), eq(accounts.accountStatus, '1')))
    .where(and(work.school(members), eq(members.memberStatus, '1'), inArray(members.id, [...memberIds])))
    .orderBy(asc(members.memberNo));
}

/** Adds people to a draft batch at one amount each; those already in it keep theirs. */
export async function addSubsidyPeople(tx: Executor, caller: Caller, batchId: string, people: readonly { memberId: string; accountId: string | null; amount: number }[]): Promise<number> {
  const work = new Work(tx, caller.tenantId, caller.username);
  let added = 0;
  for (let at = 0; at < people.length; at += 500) {
    const rows = await tx
      .insert(subsidyItems)
      .values(people.slice(at, at + 500).map((person) => ({ id: newId(), tenantId: work.tenantId, createBy: work.username, batchId, ...person })))
      .onConflictDoNothing()
      .returning({ id: subsidyItems.id });
    added += rows.length;
  }
  await recountSubsidyBatch(work, batchId);
  return added;
}

/** The school's today, and whether a batch's clear mode says it is due to be cleared. */
export function clearDue(batch: Pick<BatchRow, 'clearMode' | 'expireDate' | 'subsidyMonth' | 'startDate'>, today: string): boolean {
  if (batch.clearMode === '1') return Boolean(batch.expireDate && batch.expireDate < today);
  if (batch.clearMode === '2') {
    // The month's last day: the month named, else the month it starts in.
    const month = batch.subsidyMonth && /^\d{4}-\d{2}$/.test(batch.subsidyMonth) ? batch.subsidyMonth : batch.startDate.slice(0, 7);
    return addMonths(`${month}-01`, 1) <= today;
  }
  return false;
}

export function subsidyService(context: Pick<AppContext, 'db'>) {
  const core = ledgerCore(context.db);

  /** The line locked with its account, in one transaction; the step runs only if the line is as expected. */
  async function step<T>(
    caller: Caller,
    item: Pick<ItemRow, 'id' | 'memberId'>,
    expect: string,
    run: (work: Work, line: ItemRow, account: typeof accounts.$inferSelect) => Promise<T>,
    /** What a line whose person no longer has an account (closed, graduated) becomes instead of a refusal. */
    noAccount?: (work: Work, line: ItemRow) => Promise<T>,
  ): Promise<T | null> {
    return inSchool(context.db, caller, async (work) => {
      // The line, then the person's account in use — the order 纠错 takes (the flow locks its row first): no deadlock.
      const [line] = await work.tx
        .select()
        .from(subsidyItems)
        .where(and(work.school(subsidyItems, { deleted: true }), eq(subsidyItems.id, item.id)))
        .for('update');
      if (!line || line.status !== expect) return null;
      const [locked] = await work.tx
        .select()
        .from(accounts)
        .where(and(work.school(accounts), eq(accounts.memberId, item.memberId), ne(accounts.accountStatus, '3')))
        .for('update');
      if (!locked) {
        if (noAccount) return noAccount(work, line);
        throw badRequest('该人员没有账户', 'This person has no account');
      }
      return run(work, line, locked);
    });
  }

  /** Clears what is left of one person's line of a batch (FIFO by expiry); spent subsidy stays spent. */
  async function clearLine(caller: Caller, batch: BatchRow, item: Pick<ItemRow, 'id' | 'memberId'>): Promise<number> {
    return (
      (await step(
        caller,
        item,
        '2',
        async (work, line, account) => {
          // What the person's batches expiring after this one still hold is spent last: it stays.
          const [later] = await work.tx
            .select({ held: sql<string>`coalesce(sum(${subsidyItems.amount} - ${subsidyItems.cleared}), 0)` })
            .from(subsidyItems)
            .innerJoin(subsidyBatches, and(eq(subsidyBatches.id, subsidyItems.batchId), work.school(subsidyBatches, { deleted: true })))
            .where(
              and(
                work.school(subsidyItems, { deleted: true }),
                eq(subsidyItems.memberId, line.memberId),
                eq(subsidyItems.status, '2'),
                ne(subsidyItems.id, line.id),
                batch.expireDate
                  ? or(
                      sql`${subsidyBatches.expireDate} is null`,
                      gt(subsidyBatches.expireDate, batch.expireDate),
                      and(eq(subsidyBatches.expireDate, batch.expireDate), gt(subsidyBatches.billNo, batch.billNo)),
                    )
                  : and(sql`${subsidyBatches.expireDate} is null`, gt(subsidyBatches.billNo, batch.billNo)),
              ),
            );
          const left = Math.min(line.amount - line.cleared, Math.max(0, account.subsidy - Number(later!.held)));
          let clearTxnId: string | null = null;
          if (left > 0) {
            const posted = await core.post(work.tx, caller, {
              key: stepKey('SC', batch.id, line.memberId),
              hash: 'subsidy-clear',
              type: 'SUBSIDY_CLEAR',
              account,
              amount: left,
              lines: [
                { accountRef: account.id, wallet: 'SUBSIDY', dc: 'D', amount: left },
                { accountRef: INNER.subsidyFund, wallet: null, dc: 'C', amount: left },
              ],
              meta: { summary: `补助清零 ${batch.billNo} ${batch.name}` },
            });
            clearTxnId = posted.id;
          }
          await work.update(subsidyItems, { status: left > 0 ? '4' : '3', cleared: line.cleared + left, clearTxnId }, eq(subsidyItems.id, line.id));
          return left;
        },
        // Settled when the account closed (销户, 毕业): nothing of the batch is left to clear.
        async (work, line) => {
          await work.update(subsidyItems, { status: '3' }, eq(subsidyItems.id, line.id));
          return 0;
        },
      )) ?? 0
    );
  }

  /**
   * 发放: each person not yet issued gets one posting into the subsidy wallet; a person whose
   * account cannot take it fails alone (the reason on their line) and the batch stays 发放中 to
   * run again. A batch cleared "before the next issue" first clears the earlier ones of its type.
   */
  async function issue(caller: Caller, batchId: string): Promise<{ issued: number; failed: number }> {
    const reads = schoolReads(context.db, caller);
    // The batch as stored, deleted or not (the flow issues only a live one).
    const [batch] = await reads.rows(subsidyBatches, eq(subsidyBatches.id, batchId), { deleted: true, limit: 1 });
    if (!batch) throw badRequest('补助批次不存在', 'No such subsidy batch');
    if (batch.clearMode === '3') {
      const earlier = await reads.rows(
        subsidyBatches,
        and(eq(subsidyBatches.subsidyType, batch.subsidyType), eq(subsidyBatches.clearMode, '3'), eq(subsidyBatches.issueStatus, '1'), lt(subsidyBatches.billNo, batch.billNo)),
        { deleted: true },
      );
      for (const previous of earlier) await clear(caller, previous.id);
    }
    let lastId = '';
    for (;;) {
      // A page at a time; the batch's progress is counted again after each.
      const page = await reads.rows(subsidyItems, and(eq(subsidyItems.batchId, batchId), eq(subsidyItems.status, '1'), gt(subsidyItems.id, lastId)), { orderBy: asc(subsidyItems.id), limit: 50 });
      if (!page.length) break;
      for (const item of page) {
        try {
          await step(caller, item, '1', async (work, line, account) => {
            core.mustBeOpen(account);
            const posted = await core.post(work.tx, caller, {
              key: stepKey('SB', batchId, line.memberId),
              hash: 'subsidy-issue',
              type: 'SUBSIDY_ISSUE',
              account,
              amount: line.amount,
              lines: [
                { accountRef: INNER.subsidyFund, wallet: null, dc: 'D', amount: line.amount },
                { accountRef: account.id, wallet: 'SUBSIDY', dc: 'C', amount: line.amount },
              ],
              meta: { summary: `补助发放 ${batch.billNo} ${batch.name}` },
            });
            await work.update(subsidyItems, { status: '2', txnId: posted.id, accountId: account.id, errMsg: null, errMsgEn: null }, eq(subsidyItems.id, line.id));
          });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          await inSchool(context.db, caller, (work) =>
            work.update(subsidyItems, { errMsg: error.message, errMsgEn: error.en ?? null }, and(eq(subsidyItems.id, item.id), eq(subsidyItems.status, '1'))),
          );
        }
        // The console's requests go first between two people (on PGlite they share one connection).
        await new Promise((resolve) => setImmediate(resolve));
      }
      lastId = page.at(-1)!.id;
      await progress(caller, batchId);
    }
    return progress(caller, batchId, true);
  }

  /** The batch's progress counted from its lines (发放中 until nobody is left to issue). */
  async function progress(caller: Caller, batchId: string, finished = false): Promise<{ issued: number; failed: number }> {
    return inSchool(context.db, caller, async (work) => {
      const [counted] = await work.tx
        .select({ issued: sql<number>`count(*) filter (where ${subsidyItems.status} in ('2', '3', '4'))::int`, waiting: sql<number>`count(*) filter (where ${subsidyItems.status} = '1')::int` })
        .from(subsidyItems)
        .where(and(work.school(subsidyItems), eq(subsidyItems.batchId, batchId)));
      const { issued, waiting } = counted!;
      // The batch as stored, deleted or not, while it is 发放中.
      await work.tx
        .update(subsidyBatches)
        .set({ issued, ...(finished ? { failed: waiting, issueStatus: waiting ? '4' : '1' } : {}) })
        .where(and(work.school(subsidyBatches, { deleted: true }), eq(subsidyBatches.id, batchId), eq(subsidyBatches.issueStatus, '4')));
      return { issued, failed: waiting };
    });
  }

  /** 清零: what each person has left of the batch goes back to the subsidy fund. */
  async function clear(caller: Caller, batchId: string): Promise<{ people: number; amount: number }> {
    const reads = schoolReads(context.db, caller);
    // The batch as stored, deleted or not.
    const [batch] = await reads.rows(subsidyBatches, eq(subsidyBatches.id, batchId), { deleted: true, limit: 1 });
    if (!batch) return { people: 0, amount: 0 };
    const ofBatch = (work: Work) => and(work.school(subsidyBatches, { deleted: true }), eq(subsidyBatches.id, batchId));
    await inSchool(context.db, caller, (work) => work.tx.update(subsidyBatches).set({ issueStatus: '2' }).where(ofBatch(work)));
    const lines = await reads.rows(subsidyItems, and(eq(subsidyItems.batchId, batchId), eq(subsidyItems.status, '2')), { deleted: true });
    const done = { people: 0, amount: 0 };
    for (const line of lines) {
      const cleared = await clearLine(caller, batch, line);
      if (cleared > 0) {
        done.people += 1;
        done.amount += cleared;
      }
    }
    // What its lines have had cleared, counted from them: a clear a crash cut short and finished again counts each once.
    await inSchool(context.db, caller, async (work) => {
      const [counted] = await work.tx
        .select({ cleared: sql<string>`coalesce(sum(${subsidyItems.cleared}), 0)` })
        .from(subsidyItems)
        .where(and(work.school(subsidyItems, { deleted: true }), eq(subsidyItems.batchId, batchId)));
      await work.tx
        .update(subsidyBatches)
        .set({ cleared: Number(counted!.cleared), clearTime: new Date() })
        .where(ofBatch(work));
    });
    return done;
  }

  /**
   * The nightly 补助清零与续发: batches whose clear mode is due are cleared, a clear a crash cut
   * short finishes, and a batch left 发放中 resumes.
   */
  async function nightly(tenantId: number): Promise<{ cleared: number; resumed: number }> {
    const caller = { tenantId, username: 'system' };
    const reads = schoolReads(context.db, caller);
    const today = dayIn(await schoolZone(reads.tx, tenantId));
    const batches = await reads.rows(subsidyBatches, inArray(subsidyBatches.issueStatus, ['1', '2', '4']));
    const done = { cleared: 0, resumed: 0 };
    for (const batch of batches) {
      // A batch due to be cleared is cleared, issued in full or not (who could not be paid keeps nothing back from the others).
      if (batch.issueStatus === '4' && !clearDue(batch, today)) {
        await issue(caller, batch.id);
        done.resumed += 1;
      } else if (batch.issueStatus !== '2' && clearDue(batch, today)) {
        await clear(caller, batch.id);
        done.cleared += 1;
      } else if (batch.issueStatus === '2') {
        const [left] = await reads.rows(subsidyItems, and(eq(subsidyItems.batchId, batch.id), eq(subsidyItems.status, '2')), { deleted: true, limit: 1 });
        if (left) await clear(caller, batch.id);
      }
    }
    return done;
  }

  return { issue, progress, clear, nightly };
}
