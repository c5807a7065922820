import { and, eq } from 'drizzle-orm';
import type { FlowEffect } from '../../crud/flowActions';
import { graduationBatches, graduationItems } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { batchRun } from './batchRuns';
import { graduationService, precheckGraduation } from './graduations';

type BatchRow = RowOf<typeof graduationBatches>;

/**
 * 执行 and 重试失败's run, after the commit and after the answer (progress on the batch): the
 * people still 待处理, each settled once under their line's lock — a delivery after a crash goes on
 * with those not yet done.
 */
batchRun('graduation.run', {
  said: ({ people }) => ({ 'zh-CN': `已开始处理：共 ${Number(people)} 人`, en: `Started: ${Number(people)} people` }),
  // The service opens the school's own transaction for each person (inSchool) and reads through schoolReads.
  run: (context, worker, { batchId }) => graduationService(context).run(worker, String(batchId)),
});

/**
 * 毕业管理's flow (declared in graduation.ts): 预检 inside the action's transaction; 执行 and 重试失败
 * run after the answer in the background (progress on the batch), each person settled once.
 */
export const graduationActions: Readonly<Record<string, FlowEffect<BatchRow>>> = {
  async precheck({ work, row }) {
    const checked = await precheckGraduation(work, row);
    return {
      note: `预检 ${checked.persons} 人`,
      done: {
        'zh-CN': `预检完成：共 ${checked.persons} 人${checked.warnings ? `，${checked.warnings} 人需注意` : ''}`,
        en: `Checked: ${checked.persons} people${checked.warnings ? `, ${checked.warnings} to look at` : ''}`,
      },
    };
  },
  async run({ row }) {
    return { later: { kind: 'graduation.run', payload: { batchId: row.id, people: row.persons } } };
  },
  async retry({ work, row }) {
    await work.update(graduationItems, { result: '0', errMsg: null, errMsgEn: null }, and(eq(graduationItems.batchId, row.id), eq(graduationItems.result, '2')));
    return { later: { kind: 'graduation.run', payload: { batchId: row.id, people: row.failed } } };
  },
};
