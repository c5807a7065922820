import { and, eq } from 'drizzle-orm';
import type { FlowEffect } from '../../crud/flowActions';
import { graduationBatches, graduationItems } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { graduationService, precheckGraduation } from './graduations';

/**
 * 毕业管理's flow (declared in graduation.ts): 预检 inside the action's transaction; 执行 and 重试失败
 * run after the answer in the background (progress on the batch), each person settled once.
 */
export const graduationActions: Readonly<Record<string, FlowEffect>> = {
  async precheck({ work, row }) {
    const checked = await precheckGraduation(work, row as RowOf<typeof graduationBatches>);
    return {
      note: `预检 ${checked.persons} 人`,
      done: {
        'zh-CN': `预检完成：共 ${checked.persons} 人${checked.warnings ? `，${checked.warnings} 人需注意` : ''}`,
        en: `Checked: ${checked.persons} people${checked.warnings ? `, ${checked.warnings} to look at` : ''}`,
      },
    };
  },
  async run({ context, caller, row }) {
    const batch = row as RowOf<typeof graduationBatches>;
    return { after: async () => start(context.db, caller, batch.id, batch.persons) };
  },
  async retry({ work, context, caller, row }) {
    const batch = row as RowOf<typeof graduationBatches>;
    await work.update(graduationItems, { result: '0', errMsg: null }, and(eq(graduationItems.batchId, batch.id), eq(graduationItems.result, '2')));
    return { after: async () => start(context.db, caller, batch.id, batch.failed) };
  },
};

/** The run in the background: a crash leaves the batch 处理中, and 重试失败 takes it up again. */
function start(db: Parameters<typeof graduationService>[0], caller: Parameters<FlowEffect>[0]['caller'], batchId: string, people: number) {
  void graduationService(db)
    .run(caller, batchId)
    .catch((error: unknown) => console.error(`graduation batch ${batchId} stopped:`, error));
  return { 'zh-CN': `已开始处理：共 ${people} 人`, en: `Started: ${people} people` };
}
