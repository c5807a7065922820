import { and, eq } from 'drizzle-orm';
import type { TerminalRecord } from '@shared/terminal';
import { clockIn } from '@shared/schoolTime';
import { mealAtClock } from '@shared/mealOrders';
import type { Database } from '../../db/client';
import { devices } from '../../db/schema';
import { inSchool, schoolReads, type Worker } from '../../db/work';
import { ApiError } from '../../http/envelope';
import { ledgerService } from '../ledger/service';
import { schoolSettings } from '../schools/settings';
import { offlineRefusal } from './offline';
import type { TerminalRow } from './terminals';
import { deviceTimeRefusal } from './deviceTime';

/** How often a terminal's last contact is written down. */
const LAST_SEEN_EVERY_MS = 60_000;

/** A terminal works for its school under its own name (terminal:<serial>). */
export const terminalWorker = (device: { tenantId: number }, serial: string): Worker => ({ tenantId: device.tenantId, username: `terminal:${serial}` });

/** One record's answer to its terminal: posted (with the balances it left) or refused, with why. */
export interface TerminalAnswer {
  serialNo: string;
  success: boolean;
  message: string;
  txnNo?: string;
  cash?: number;
  subsidy?: number;
}

/**
 * A terminal's payments, once its signature is checked: what `/terminal/consume` does, and what the
 * sample school's terminals do over its simulated weeks. Each record is posted once (its own serial
 * number is the idempotency key) and answered by itself, in order.
 */
export async function terminalPayments(
  db: Database,
  device: TerminalRow,
  serial: string,
  records: readonly TerminalRecord[],
  log: { error: (details: object, message: string) => void },
): Promise<TerminalAnswer[]> {
  const ledger = ledgerService(db);
  const caller = terminalWorker(device, serial);
  const reads = schoolReads(db, caller);
  const school = await schoolSettings(reads.tx, reads.tenantId);
  // A payment is of the meal the terminal names, else of the canteen's meal window at its time, so
  // the member type's discount, meal allowance and once-a-meal rule apply as at the counter.
  const meals = device.meals;
  const answers: TerminalAnswer[] = [];
  // In order: an offline batch replays the terminal's day as it happened.
  for (const record of records) {
    const refusal = (message: string) => answers.push({ serialNo: record.serialNo, success: false, message });
    // The device's clock is the school's wall clock: a real time, not too old, not ahead of now.
    const time = deviceTimeRefusal(school, record.deviceTime);
    if ('refusal' in time) {
      refusal(time.refusal);
      continue;
    }
    const occurredAt = time.at;
    const key = `T${device.id.slice(0, 12)}-${record.serialNo}`;
    try {
      const offline = await offlineRefusal(reads, { key, cardNo: record.cardNo, occurredAt, zone: school.timeZone });
      if (offline) {
        refusal(offline);
        continue;
      }
      const posted = await ledger.consume(caller, {
        key,
        cardNo: record.cardNo,
        amountCents: record.amount ?? null,
        canteenId: device.canteenId,
        storeId: device.storeId,
        terminalId: device.id,
        mealType: record.mealType ?? mealAtClock(meals, clockIn(school.timeZone, occurredAt))?.mealType ?? null,
        occurredAt,
      });
      answers.push({
        serialNo: record.serialNo,
        success: true,
        message: posted.replayed ? '该请求已办理' : '消费成功！',
        txnNo: posted.txnNo,
        cash: posted.balances.CASH,
        subsidy: posted.balances.SUBSIDY,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) refusal(error.message);
      else {
        // One record's failure never sinks the batch: the terminal sends it again with its serial.
        log.error({ err: error, serialNo: record.serialNo }, 'terminal payment failed');
        refusal('处理失败，请稍后重新上传');
      }
    }
  }
  // 最近上传 to the minute: a busy terminal does not queue on its own row for every payment.
  if (!device.lastSeenAt || Date.now() - device.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
    device.lastSeenAt = new Date();
    const seen = device.lastSeenAt;
    // Not work.update: a contact is not an edit of the terminal (its 更新人 and 更新时间 stay).
    await inSchool(db, caller, (work) =>
      work.tx
        .update(devices)
        .set({ lastSeenAt: seen })
        .where(and(work.school(devices), eq(devices.id, device.id))),
    );
  }
  return answers;
}
