/**
 * 定时任务 on PGlite and PostgreSQL: jobs are built-in handlers on a validated schedule, started,
 * stopped and run by hand by the platform only, each run recorded; the scheduler runs a due job
 * once per time — with two instances on one PostgreSQL too.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { addShippedJobs } from '@server/db/seed/shippedJobs';
import { JOB_HANDLERS, type JobHandler } from '@server/jobs/handlers';
import { serverAreas } from '@server/registry/areas';
import { apiOf } from '../support/api';
import { openSocket } from '../support/sockets';
import { createTestApp, signIn, startSecondInstance, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get, secondSchool } = apiOf(() => t0);
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

// A handler of this test only, counting each job's runs (its parameter) across both instances of this process.
const counted = new Map<string, number>();
(JOB_HANDLERS as Record<string, JobHandler>).testCounter = async (_context, parameter) => {
  counted.set(parameter!, (counted.get(parameter!) ?? 0) + 1);
  return `第 ${counted.get(parameter!)} 次`;
};

beforeAll(async () => {
  t0 = await createTestApp({ jobs: { tickMs: 50 } });
  admin = await signIn(t0.app, 'admin');
});
afterAll(async () => t0?.close());

const runsOf = (jobId: string) => t0.db.select().from(t.quartzJobRuns).where(eq(t.quartzJobRuns.jobId, jobId));

describe('定时任务', () => {
  it('keeps a job only with a known handler and a schedule that runs, and shows the next five times', async () => {
    const add = (values: Record<string, unknown>) => call(admin, 'POST', '/sys/quartzJob/add', { jobClassName: 'sessionCleanup', cronExpression: '0 0 4 * * ?', description: '测试', ...values });
    expect((await add({ cronExpression: '0 0 25 * * ?' })).body.message).toBe('Cron 表达式不正确或不会再执行');
    expect((await add({ jobClassName: 'rm -rf /' })).body.message).toBe('任务处理器的取值不正确（jobClassName）');
    const added = await add({ description: '凌晨清理会话', cronExpression: '0/30 * * * * ?' });
    expect(added.body.success, added.body.message).toBe(true);
    const record = (await get(admin, `/sys/quartzJob/queryById?id=${added.body.result.id}`)).body.result;
    expect(record).toMatchObject({ status: '0', status_dictText: '正常', jobClassName_dictText: '清理过期会话' });
    expect(record.nextRunAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:(00|30)$/);
    const times = (await get(admin, `/sys/quartzJob/nextRuns?cron=${encodeURIComponent('0 0 2 * * ?')}`)).body.result;
    expect(times).toHaveLength(5);
    expect(times.every((time: string) => time.endsWith('02:00:00'))).toBe(true);
    expect((await get(admin, '/sys/quartzJob/nextRuns?cron=nonsense')).status).toBe(400);
    // Stopped: no next run; started again: the next one.
    expect((await call(admin, 'POST', '/sys/quartzJob/pause', { id: added.body.result.id })).body.message).toBe('定时任务暂停成功');
    expect((await get(admin, `/sys/quartzJob/queryById?id=${added.body.result.id}`)).body.result).toMatchObject({ status: '-1', nextRunAt: null });
    // A stopped job is not stopped again: the flow names its state.
    expect((await call(admin, 'POST', '/sys/quartzJob/pause', { id: added.body.result.id })).body.message).toBe('「凌晨清理会话」当前状态为停止，不能暂停任务');
    expect((await get(admin, `/sys/quartzJob/resume?id=${added.body.result.id}`)).body.message).toBe('定时任务启动成功');
    expect((await get(admin, `/sys/quartzJob/queryById?id=${added.body.result.id}`)).body.result.nextRunAt).not.toBeNull();
    // Each step in the job's history, newest first.
    const history = (await get(admin, `/sys/recordHistory/list?entity=system.quartzJob&id=${added.body.result.id}`)).body.result;
    expect(history.slice(0, 2).map((entry: { action: string; operator: string }) => [entry.action, entry.operator])).toEqual([
      ['resume', 'admin'],
      ['pause', 'admin'],
    ]);
    await call(admin, 'DELETE', `/sys/quartzJob/delete?id=${added.body.result.id}`);
    // Its client lets the description blank: the job is named by its handler.
    const unnamed = await call(admin, 'POST', '/sys/quartzJob/add', { jobClassName: 'org.jeecg.modules.quartz.job.SampleJob', cronExpression: '0 0 4 * * ?', status: '-1' });
    expect(unnamed.body.success, unnamed.body.message).toBe(true);
    expect((await get(admin, `/sys/quartzJob/queryById?id=${unnamed.body.result.id}`)).body.result).toMatchObject({ jobClassName: 'sample', description: 'sample' });
    await call(admin, 'DELETE', `/sys/quartzJob/delete?id=${unnamed.body.result.id}`);
  });

  it("takes JeecgBoot's sample job classes as its client types them, and names our handlers for any other class", async () => {
    const added = await call(admin, 'POST', '/sys/quartzJob/add', {
      jobClassName: ' org.jeecg.modules.quartz.job.SampleParamJob ',
      cronExpression: '0 0 4 * * ?',
      parameter: 'scott',
      description: '带参测试',
      status: '-1',
    });
    expect(added.body.success, added.body.message).toBe(true);
    expect((await get(admin, `/sys/quartzJob/queryById?id=${added.body.result.id}`)).body.result).toMatchObject({ jobClassName: 'sampleParam', jobClassName_dictText: '带参示例任务' });
    const ran = await call(admin, 'POST', '/sys/quartzJob/execute', { id: added.body.result.id });
    expect(ran.body.result.done).toBe('执行成功：示例任务已运行，参数：scott');
    const unknown = await call(admin, 'POST', '/sys/quartzJob/add', { jobClassName: 'org.jeecg.modules.quartz.job.NoSuchJob', cronExpression: '0 0 4 * * ?', description: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^后台找不到该类名：org\.jeecg\.modules\.quartz\.job\.NoSuchJob（可用的任务处理器：ledgerReconcile、sessionCleanup、.*sampleParam.*）$/);
    await call(admin, 'DELETE', `/sys/quartzJob/delete?id=${added.body.result.id}`);
  });

  it('runs a job by hand and records it; a reconciliation that finds drift fails its run', async () => {
    const [job] = await t0.db.select().from(t.quartzJobs).where(eq(t.quartzJobs.jobClassName, 'ledgerReconcile'));
    const done = await call(admin, 'POST', '/sys/quartzJob/execute', { id: job!.id });
    expect(done.body.message, JSON.stringify(done.body)).toMatch(/^执行成功：.*个账户，余额与账一致$/);
    const [account] = await t0.db.select().from(t.accounts).limit(1);
    await t0.db
      .update(t.accounts)
      .set({ cash: account!.cash + 1 })
      .where(eq(t.accounts.id, account!.id));
    const failed = await get(admin, '/sys/quartzJob/execute?jobClassName=ledgerReconcile');
    expect(failed.status).toBe(400);
    expect(failed.body.message).toMatch(/^执行失败：\d+ 个账户：1 处余额与账不符，0 笔借贷不平$/);
    await t0.db.update(t.accounts).set({ cash: account!.cash }).where(eq(t.accounts.id, account!.id));
    // Newest first: these two, then the sample weeks' nightly runs on their schedule.
    const runs = (await get(admin, `/sys/quartzJobRun/list?jobId=${job!.id}&pageSize=10`)).body.result.records;
    const seen = runs.map((run: { success: boolean; trigger: string; createBy: string }) => [run.success, run.trigger, run.createBy]);
    expect(seen.slice(0, 2)).toEqual([
      [false, 'manual', 'admin'],
      [true, 'manual', 'admin'],
    ]);
    expect(seen.slice(2).every(([success, trigger, by]: [boolean, string, string]) => success && trigger === 'schedule' && by === 'system')).toBe(true);
    expect(runs[0]).toMatchObject({ trigger_dictText: '手动', jobId_dictText: expect.any(String) });
  });

  it('is changed and run by the platform only', async () => {
    const school = await secondSchool(39, 'school39');
    const [job] = await t0.db.select().from(t.quartzJobs).where(eq(t.quartzJobs.jobClassName, 'sessionCleanup'));
    expect((await call(school.token, 'POST', '/sys/quartzJob/execute', { id: job!.id })).status).toBe(403);
    expect((await call(school.token, 'POST', '/sys/quartzJob/add', { jobClassName: 'sessionCleanup', cronExpression: '0 0 4 * * ?', description: 'x' })).status).toBe(403);
  });

  it('has each area’s job scheduled and its handler named in both languages, added once and never brought back once deleted', async () => {
    const handlerItem = async (name: string) =>
      (
        await t0.db
          .select({ text: t.dictionaryItems.itemText, english: t.dictionaryItems.itemTextEn, id: t.dictionaryItems.id })
          .from(t.dictionaryItems)
          .innerJoin(t.dictionaries, eq(t.dictionaries.id, t.dictionaryItems.dictId))
          .where(and(eq(t.dictionaries.dictCode, 'quartz_job_handler'), eq(t.dictionaryItems.itemValue, name)))
      )[0];
    const schedules = (name: string) => t0.db.select().from(t.quartzJobs).where(eq(t.quartzJobs.jobClassName, name));
    const shipped = serverAreas().flatMap((area) => Object.entries(area.jobs ?? {}));
    expect(shipped.length).toBeGreaterThan(0);
    for (const [name, job] of shipped) {
      expect(await handlerItem(name), name).toMatchObject({ text: job.title['zh-CN'], english: job.title.en });
      expect((await schedules(name)).map((row) => row.cronExpression)).toEqual([job.schedule.cron]);
    }
    expect(await addShippedJobs(t0.db)).toBe(0);
    // A database that never had the job (an area installed later) gets its schedule and its handler's name.
    const [name, job] = shipped[0]!;
    await t0.db.delete(t.quartzJobs).where(eq(t.quartzJobs.jobClassName, name));
    await t0.db.delete(t.dictionaryItems).where(eq(t.dictionaryItems.id, (await handlerItem(name))!.id));
    expect(await addShippedJobs(t0.db)).toBe(1);
    expect(await handlerItem(name)).toMatchObject({ text: job.title['zh-CN'], english: job.title.en });
    expect(await schedules(name)).toEqual([expect.objectContaining({ cronExpression: job.schedule.cron, description: job.schedule.description, status: '0', delFlag: 0 })]);
    // Deleted by the administrator: it stays deleted.
    await t0.db.update(t.quartzJobs).set({ delFlag: 1 }).where(eq(t.quartzJobs.jobClassName, name));
    expect(await addShippedJobs(t0.db)).toBe(0);
    expect((await schedules(name)).map((row) => row.delFlag)).toEqual([1]);
    await t0.db.update(t.quartzJobs).set({ delFlag: 0 }).where(eq(t.quartzJobs.jobClassName, name));
  });

  it('runs a due job on its schedule, once per time, and tells the consoles which lists it changed', async () => {
    const [me] = await t0.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.username, 'admin'));
    const consoleSocket = await openSocket(t0.app, `/ccu-boot/websocket/${me!.id}`, { 'sec-websocket-protocol': admin });
    const tokenless = await openSocket(t0.app, `/ccu-boot/websocket/${me!.id}`);
    const id = randomUUID();
    await t0.db.insert(t.quartzJobs).values({ id, jobClassName: 'testCounter', parameter: id, cronExpression: '* * * * * *', description: '每秒计数', status: '0' });
    await new Promise((resolve) => setTimeout(resolve, 2600));
    await t0.db.update(t.quartzJobs).set({ status: '-1' }).where(eq(t.quartzJobs.id, id));
    const runs = await runsOf(id);
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.every((run) => run.trigger === 'schedule' && run.success)).toBe(true);
    expect(counted.get(id)).toBe(runs.length);
    expect(new Set(runs.map((run) => run.scheduledFor?.getTime())).size).toBe(runs.length);
    // No request answered those runs: the console's notice socket names the list they wrote (定时任务's runs), and
    // JeecgBoot's tokenless socket hears nothing of it (its client would reload its notices for nothing).
    expect(consoleSocket.received).toContainEqual(expect.objectContaining({ cmd: 'changed', kinds: expect.arrayContaining(['system.quartzJobRun']) }));
    expect(tokenless.received).toEqual([]);
    consoleSocket.ws.close();
    tokenless.ws.close();
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  it('run each scheduled time of a job once between them', async () => {
    const second = await startSecondInstance(t0, { jobs: { tickMs: 20 } });
    try {
      const id = randomUUID();
      await t0.db.insert(t.quartzJobs).values({ id, jobClassName: 'testCounter', parameter: id, cronExpression: '* * * * * *', description: '两实例计数', status: '0' });
      await new Promise((resolve) => setTimeout(resolve, 4200));
      await t0.db.update(t.quartzJobs).set({ status: '-1' }).where(eq(t.quartzJobs.id, id));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const runs = await runsOf(id);
      // Three or four seconds went by: as many runs, each handler call one of them.
      expect(runs.length).toBeGreaterThanOrEqual(3);
      expect(counted.get(id)).toBe(runs.length);
      expect(new Set(runs.map((run) => run.scheduledFor?.getTime())).size).toBe(runs.length);
      // Both instances took part over the seconds, or at least one did: the runs name where they ran.
      expect(runs.every((run) => run.instance.length > 0)).toBe(true);
    } finally {
      await second.close();
    }
  });
});
