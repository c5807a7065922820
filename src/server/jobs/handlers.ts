import { and, inArray, lt } from 'drizzle-orm';
import { downloadChunks, downloadJobs, sessions } from '../db/schema';
import { ledgerService } from '../modules/ledger/service';
import { expireVisits } from '../modules/members/visitors';
import { mealOrderService } from '../modules/meals/orders';
import { subsidyService } from '../modules/members/subsidies';
import { tenants } from '../db/schema';
import { closeDays } from '../modules/reports/dayClose';
import { countDueRefunds } from '../modules/payments/mealLeaveRefunds';
import { dispatchDueMessages } from '../modules/messages/delivery';
import { SETTLE_SECONDS, tellEvents, toldLine } from '../modules/messages/events';
import { LOW_BALANCE_CENTS, remindLowBalances } from '../modules/messages/lowBalances';
import { serverAreas, type JobHandler } from '../registry/areas';
import { moveDatedStates } from './datedStates';
import { describeVerification, verifyDatabase } from '../operations/verify';

export type { JobHandler };

/**
 * The platform's handlers a job may name (dictionary quartz_job_handler). A job is one of these, or
 * an area's (`ServerArea.jobs`), with its parameter: never code typed by a user.
 */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  /** 账户对账: every wallet re-summed from the ledger; any drift or unbalanced posting fails the run. */
  async ledgerReconcile(context) {
    const report = await ledgerService(context.db).reconcile();
    if (report.drift.length || report.unbalanced.length) throw new Error(`${report.accounts} 个账户：${report.drift.length} 处余额与账不符，${report.unbalanced.length} 笔借贷不平`);
    return `${report.accounts} 个账户，余额与账一致`;
  },

  /** 清理过期会话: sessions past their end (signed out or timed out) leave the table, and texted codes a day old. */
  async sessionCleanup(context) {
    const gone = await context.db.delete(sessions).where(lt(sessions.expiresAt, new Date())).returning({ id: sessions.id });
    await context.smsCodes.purgeExpired();
    return `删除 ${gone.length} 个过期会话`;
  },

  /** 数据完整性校验: `npm run verify`'s checks on every school; a difference fails the run, named. */
  async integrityCheck(context) {
    const results = await verifyDatabase(context.db);
    const { lines, faults } = describeVerification(results);
    if (faults)
      throw new Error(
        lines
          .filter((line) => /✘|^ {8}/.test(line))
          .join('\n')
          .slice(0, 2000),
      );
    const checks = results.reduce((sum, school) => sum + school.checks.length, 0);
    return `${results.length} 所学校 ${checks} 项校验全部通过`;
  },

  /** 清理下载中心文件: exports older than the parameter's days (7 by default) and their stored pieces. */
  async downloadCleanup(context, parameter) {
    const days = parameter && /^\d{1,4}$/.test(parameter.trim()) ? Number(parameter.trim()) : 7;
    const before = new Date(Date.now() - days * 86_400_000);
    const old = await context.db.select({ id: downloadJobs.id }).from(downloadJobs).where(lt(downloadJobs.createdAt, before));
    const ids = old.map((row) => row.id);
    if (ids.length) {
      await context.db.transaction(async (tx) => {
        await tx.delete(downloadChunks).where(inArray(downloadChunks.jobId, ids));
        await tx.delete(downloadJobs).where(and(inArray(downloadJobs.id, ids), lt(downloadJobs.createdAt, before)));
      });
    }
    return `删除 ${ids.length} 个 ${days} 天前的导出文件`;
  },

  /** 刷新字典缓存: every instance forgets its dictionary items and reads them again. */
  async dictionaryRefresh(context) {
    await context.dictionaries.changed();
    return '字典缓存已刷新';
  },

  /** 示例任务 (JeecgBoot's SampleJob): does nothing but record that it ran. */
  async sample() {
    return '示例任务已运行';
  },

  /** 带参示例任务 (JeecgBoot's SampleParamJob): records its parameter. */
  async sampleParam(_context, parameter) {
    return `示例任务已运行，参数：${parameter ?? ''}`;
  },

  /** 餐次结算: every school's orders of meals now over and never served become 未就餐 by their meal's rule; stops past their end end. */
  async mealDayClose(context) {
    const orders = mealOrderService(context);
    const total = { closed: 0, charged: 0, refunded: 0, stopsEnded: 0 };
    for (const { id } of await context.db.select({ id: tenants.id }).from(tenants)) {
      const done = await orders.closeMeals(id);
      for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += done[key];
    }
    return `未就餐 ${total.closed} 份（补扣 ${total.charged}，退回 ${total.refunded}），结束停餐 ${total.stopsEnded} 单`;
  },

  /** 补助清零与续发: batches due by their clear mode are cleared, a clear or an issue a crash cut short finishes. */
  async subsidyClear(context) {
    const subsidies = subsidyService(context);
    const total = { cleared: 0, resumed: 0 };
    for (const { id } of await context.db.select({ id: tenants.id }).from(tenants)) {
      const done = await subsidies.nightly(id);
      total.cleared += done.cleared;
      total.resumed += done.resumed;
    }
    return `清零 ${total.cleared} 个批次，续发 ${total.resumed} 个批次`;
  },

  /** 日终结算: every school's days that are over are summed from the ledger into the reports and closed (catching up missed days). */
  async dayClose(context) {
    const total = { days: 0, txns: 0, late: 0 };
    for (const { id } of await context.db.select({ id: tenants.id }).from(tenants)) {
      const done = await closeDays(context.db, id, 'system');
      total.days += done.closed.length;
      total.txns += done.txns;
      total.late += done.late;
    }
    return `日结 ${total.days} 天，${total.txns} 笔交易（其中补录 ${total.late} 笔）`;
  },

  /** 请假退餐费核算: every school's refunds whose leave or stop is over are counted (待审核). */
  async mealLeaveRefunds(context) {
    let counted = 0;
    for (const { id } of await context.db.select({ id: tenants.id }).from(tenants)) counted += await countDueRefunds(context.db, id);
    return `核算 ${counted} 条请假退餐费`;
  },

  /** 定时消息发送: messages whose planned time has come are sent (消息管理). */
  async messageDispatch(context) {
    return dispatchDueMessages(context);
  },

  /** 余额不足提醒: members under the line (the parameter in yuan, 10 by default) are told by the LOW_BALANCE template, once a day. */
  async lowBalanceReminder(context, parameter) {
    const yuan = parameter && /^\d{1,5}(\.\d{1,2})?$/.test(parameter.trim()) ? Number(parameter.trim()) : LOW_BALANCE_CENTS / 100;
    return `提醒 ${await remindLowBalances(context, Math.round(yuan * 100))} 人余额不足`;
  },

  /**
   * 消费提醒 and 到离校提醒: payments and school-gate passes since the last run, told through the CONSUME
   * and ARRIVAL templates; the parameter is how many seconds an event is left to commit (30 by default).
   */
  async eventNotices(context, parameter) {
    return toldLine(await tellEvents(context, parameter && /^\d{1,3}$/.test(parameter.trim()) ? Number(parameter.trim()) : SETTLE_SECONDS));
  },

  /** 到期处理: records whose state follows the school's day (flow.dated), and each area's expiries (family call subscriptions past their end, campaign gifts past their validity). */
  async dailyExpiry(context) {
    const moved = await moveDatedStates(context.db);
    const phrases: string[] = moved ? [`${moved} 条记录按日期变更状态`] : [];
    for (const area of serverAreas()) if (area.dailyExpiry) phrases.push(await area.dailyExpiry(context));
    return phrases.join('，') || '无到期记录';
  },

  /** 访客预约过期: bookings not checked in by the end of their day become 已过期. */
  async visitExpiry(context) {
    return `${await expireVisits(context.db)} 个预约已过期`;
  },
};

/** The handler a job names: the platform's, else an area's. */
export function jobHandler(name: string): JobHandler | undefined {
  return Object.hasOwn(JOB_HANDLERS, name) ? JOB_HANDLERS[name] : serverAreas().find((area) => area.jobs && Object.hasOwn(area.jobs, name))?.jobs?.[name]?.run;
}

/** Every handler's name, the platform's then the areas'. */
export const jobHandlerNames = (): string[] => [...Object.keys(JOB_HANDLERS), ...serverAreas().flatMap((area) => Object.keys(area.jobs ?? {}))];
