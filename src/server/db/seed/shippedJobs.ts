import { and, eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { newId } from '../ids';
import { dictionaries, dictionaryItems, quartzJobs } from '../schema';
import { serverAreas } from '../../registry/areas';

/**
 * The jobs the areas ship, on a new database and on an installed one at every start: a job whose
 * handler the database has never had a schedule for (kept or deleted) gets its schedule and its
 * handler's item in 定时任务处理器 (quartz_job_handler). A job an administrator changed, stopped or
 * deleted is left as they made it. Answers how many were added.
 */
export async function addShippedJobs(db: Executor): Promise<number> {
  const shipped = serverAreas().flatMap((area) => Object.entries(area.jobs ?? {}));
  if (!shipped.length) return 0;
  const scheduled = new Set((await db.select({ name: quartzJobs.jobClassName }).from(quartzJobs)).map((row) => row.name));
  const [handlers] = await db
    .select({ id: dictionaries.id })
    .from(dictionaries)
    .where(and(eq(dictionaries.dictCode, 'quartz_job_handler'), eq(dictionaries.delFlag, 0)));
  const items = handlers ? await db.select({ value: dictionaryItems.itemValue, sortOrder: dictionaryItems.sortOrder }).from(dictionaryItems).where(eq(dictionaryItems.dictId, handlers.id)) : [];
  const named = new Set(items.map((item) => item.value));
  let sortOrder = Math.max(0, ...items.map((item) => item.sortOrder));
  let added = 0;
  for (const [name, job] of shipped) {
    if (scheduled.has(name)) continue;
    if (handlers && !named.has(name)) {
      sortOrder += 1;
      await db.insert(dictionaryItems).values({ id: newId(), dictId: handlers.id, itemValue: name, itemText: job.title['zh-CN'], itemTextEn: job.title.en, sortOrder });
    }
    const { cron, parameter, description } = job.schedule;
    await db.insert(quartzJobs).values({ id: newId(), jobClassName: name, cronExpression: cron, parameter: parameter ?? null, description, status: '0', createBy: 'system' });
    added += 1;
  }
  return added;
}
