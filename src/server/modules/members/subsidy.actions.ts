import { eq } from 'drizzle-orm';
import type { subsidy } from '@shared/entities/members/subsidy';
import type { subsidyItem } from '@shared/entities/members/subsidyItem';
import type { FlowEffects } from '../../crud/flowActions';
import { subsidyBatches, type subsidyItems } from '../../db/schema';
import type { Database } from '../../db/client';
import type { RowOf } from '../../db/work';
import { ApiError, badRequest } from '../../http/envelope';
import { outboxHandler } from '../../outbox/deliver';
import { INNER, ledgerCore } from '../ledger/core';
import { batchRun, workerOf } from './batchRuns';
import { addSubsidyPeople, peopleOfDepartment, peopleWithAccounts, subsidyService } from './subsidies';

type BatchRow = RowOf<typeof subsidyBatches>;
type ItemRow = RowOf<typeof subsidyItems>;

/**
 * 发放, after the commit and after the answer: thousands of postings, the batch counting its
 * progress; a delivery after a crash issues only the people still 待发放 (each line acted on once,
 * under its lock, with the person's posting key).
 */
batchRun('subsidy.issue', {
  said: ({ people }) => ({ 'zh-CN': `已开始发放：共 ${Number(people)} 人`, en: `Issuing started: ${Number(people)} people` }),
  // The service opens the school's own transaction for each person (inSchool) and reads through schoolReads.
  run: (context, worker, { batchId }) => subsidyService(context).issue(worker, String(batchId)),
});

/**
 * 清零, after the commit, said in the answer: each line still 已发放 is cleared once under its lock
 * (a second delivery finds it cleared), and the batch's cleared sum is counted from its lines.
 */
outboxHandler('subsidy.clear', async (context, item) => {
  try {
    const done = await subsidyService(context).clear(workerOf(item), String(item.payload.batchId));
    const yuan = (done.amount / 100).toFixed(2);
    return { said: { 'zh-CN': `已清零 ${done.people} 人，共 ${yuan} 元`, en: `Cleared ${done.people} people, ${yuan} in all` } };
  } catch (error) {
    // A refusal is the answer, as it was when the clear ran in the request.
    if (error instanceof ApiError) return { said: { 'zh-CN': error.message, en: error.en ?? error.message }, refused: true, status: error.status };
    throw error;
  }
});

/**
 * 补助管理's flow (declared in subsidy.ts and subsidyItem.ts): people added by department, a batch
 * submitted only with people, 发放 run in the background once committed (its progress on the
 * batch), 清零 of what is left, and 纠错 of one person inside the action's transaction.
 */
export const subsidyActions: FlowEffects<typeof subsidy, BatchRow> = {
  async addMembers({ work, caller, row: batch, input }) {
    const people = await peopleOfDepartment(work, input.deptId, input.memberTypeId);
    if (!people.length) throw badRequest('该部门没有有账户的在校人员', 'Nobody in service with an account is in that department');
    const added = await addSubsidyPeople(
      work.tx,
      caller,
      batch.id,
      people.map((person) => ({ ...person, amount: Number(input.amount) })),
    );
    return {
      note: `添加 ${added} 人`,
      done: { 'zh-CN': `已添加 ${added} 人（已在批次中的 ${people.length - added} 人未重复添加）`, en: `${added} added (${people.length - added} already in the batch)` },
    };
  },
  async pickMembers({ work, caller, row: batch, input }) {
    const ids = [
      ...new Set(
        input.memberIds
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length > 1000) throw badRequest('一次最多选择 1000 人', 'Choose at most 1000 people at a time');
    const people = await peopleWithAccounts(work, ids);
    if (!people.length) throw badRequest('所选人员都没有在校的有效账户', 'None of those chosen is in service with an open account');
    const added = await addSubsidyPeople(
      work.tx,
      caller,
      batch.id,
      people.map((person) => ({ ...person, amount: Number(input.amount) })),
    );
    const skipped = ids.length - people.length;
    return {
      note: `添加 ${added} 人`,
      done: {
        'zh-CN': `已添加 ${added} 人（已在批次中的 ${people.length - added} 人未重复添加${skipped ? `，没有有效账户的 ${skipped} 人未添加` : ''}）`,
        en: `${added} added (${people.length - added} already in the batch${skipped ? `, ${skipped} without an open account left out` : ''})`,
      },
    };
  },
  async submit({ row: batch }) {
    if (!batch.persons) throw badRequest('请先添加补助人员', 'Add the people first');
  },
  async issue({ row: batch }) {
    return { later: { kind: 'subsidy.issue', payload: { batchId: batch.id, people: batch.persons } } };
  },
  async clear({ row: batch }) {
    return { later: { kind: 'subsidy.clear', payload: { batchId: batch.id } } };
  },
};

/** 纠错 of one person's line (declared in subsidyItem.ts). */
export const subsidyItemActions: FlowEffects<typeof subsidyItem, ItemRow> = {
  async reverse({ work, caller, row: item, input }) {
    const { tx } = work;
    // Its posting only, in the action's transaction: the kernel's own transactions are not opened.
    const core = ledgerCore(tx as Database);
    if (!item.accountId) throw badRequest('该人员没有账户', 'This person has no account');
    const account = await core.lockAccount(work, work.tenantId, item.accountId);
    const amount = item.amount;
    if (account.subsidy < amount)
      throw badRequest(
        `补助余额 ${(account.subsidy / 100).toFixed(2)} 元不足，已使用的补助不能纠错`,
        `Only ${(account.subsidy / 100).toFixed(2)} of subsidy is left: what was spent cannot be taken back`,
      );
    const [batch] = await work.rows(subsidyBatches, eq(subsidyBatches.id, item.batchId), { deleted: true, limit: 1 });
    await core.post(tx, caller, {
      key: `SR${item.id}`.slice(0, 64),
      hash: 'subsidy-reverse',
      type: 'SUBSIDY_REVERSAL',
      account,
      amount,
      lines: [
        { accountRef: account.id, wallet: 'SUBSIDY', dc: 'D', amount },
        { accountRef: INNER.subsidyFund, wallet: null, dc: 'C', amount },
      ],
      meta: { summary: `补助纠错 ${batch?.billNo ?? ''}：${input.errMsg}` },
    });
    return { set: { errMsg: input.errMsg, errMsgEn: null } };
  },
};
