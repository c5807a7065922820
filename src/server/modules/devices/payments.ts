import { and, eq } from 'drizzle-orm';
import type { TerminalRecord } from '@shared/terminal';
import { clockIn } from '@shared/schoolTime';
import { mealAtClock } from '@shared/mealOrders';
import type { Database } from '../../db/client';
import { devices } from '../../db/schema';
import { inSchool, schoolReads, type Worker } from '../../db/work';
import { ApiError } from '../../http/envelope';
import { ledgerService, type PaymentInput, type PostedTransaction } from '../ledger/service';
import { schoolSettings } from '../schools/settings';
import { offlineRefusals } from './offline';
import type { TerminalRow } from './terminals';
import { deviceTimeRefusal } from './deviceTime';

/** The most records of an upload posted in one transaction: its accounts stay locked until it commits. */
const TOGETHER = 50;

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
 * number is the idempotency key) and answered by itself, in order; an offline upload's records are
 * posted together, one commit for up to 50.
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
  const answers: TerminalAnswer[] = new Array(records.length);
  const timed: { index: number; key: string; cardNo: string; occurredAt: Date }[] = [];
  // In order: an offline batch replays the terminal's day as it happened.
  for (const [index, record] of records.entries()) {
    // The device's clock is the school's wall clock: a real time, not too old, not ahead of now.
    const time = deviceTimeRefusal(school, record.deviceTime);
    if ('refusal' in time) answers[index] = { serialNo: record.serialNo, success: false, message: time.refusal };
    else timed.push({ index, key: `T${device.id.slice(0, 12)}-${record.serialNo}`, cardNo: record.cardNo, occurredAt: time.at });
  }
  const offline = await offlineRefusals(reads, timed, school.timeZone);
  const payments: { index: number; input: PaymentInput }[] = [];
  for (const [at, { index, key, cardNo, occurredAt }] of timed.entries()) {
    const record = records[index]!;
    if (offline[at]) {
      answers[index] = { serialNo: record.serialNo, success: false, message: offline[at] };
      continue;
    }
    payments.push({
      index,
      input: {
        key,
        cardNo,
        amountCents: record.amount ?? null,
        canteenId: device.canteenId,
        storeId: device.storeId,
        terminalId: device.id,
        mealType: record.mealType ?? mealAtClock(meals, clockIn(school.timeZone, occurredAt))?.mealType ?? null,
        occurredAt,
      },
    });
  }
  function answer(index: number, posted: PostedTransaction | ApiError) {
    if (posted instanceof ApiError) return failed(index, posted);
    answers[index] = {
      serialNo: records[index]!.serialNo,
      success: true,
      message: posted.replayed ? '该请求已办理' : '消费成功！',
      txnNo: posted.txnNo,
      cash: posted.balances.CASH,
      subsidy: posted.balances.SUBSIDY,
    };
  }
  function failed(index: number, error: unknown) {
    const serialNo = records[index]!.serialNo;
    if (error instanceof ApiError && error.status < 500) return void (answers[index] = { serialNo, success: false, message: error.message });
    // One record's failure never sinks the batch: the terminal sends it again with its serial.
    log.error({ err: error, serialNo }, 'terminal payment failed');
    answers[index] = { serialNo, success: false, message: '处理失败，请稍后重新上传' };
  }
  // An upload of several is posted in transactions of up to TOGETHER records, one commit each; one
  // that fails as a whole (a deadlock with another upload) is posted record by record instead.
  for (let from = 0; from < payments.length; from += TOGETHER) {
    const chunk = payments.slice(from, from + TOGETHER);
    const together =
      chunk.length > 1
        ? await ledger.consumeTogether(
            caller,
            chunk.map((payment) => payment.input),
          )
        : undefined;
    for (const [at, { index, input }] of chunk.entries()) {
      if (together) answer(index, together[at]!);
      else
        await ledger.consume(caller, input).then(
          (posted) => answer(index, posted),
          (error: unknown) => failed(index, error),
        );
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
