import { chargeRecord } from '@shared/entities/payments/chargeRecord';
import { consumptionRecord } from '@shared/entities/payments/consumptionRecord';
import { adjustment } from '@shared/entities/members/adjustment';
import { pendingRefund } from '@shared/entities/members/pendingRefund';
import type { EntityRegistration } from '../entities';
import { adjustments, ledgerTransactions, pendingRefunds } from '../../db/schema';
import { adjustmentHooks } from './adjustment.hooks';
import { chargeRecordHooks, consumptionRecordHooks } from './records.hooks';
import { chargeRecordLedgerActions, consumptionRecordLedgerActions, consumptionRecordLedgerQuotes } from './records.actions';

/** The read-only lists over the ledger (written only by the ledger service): 缴费管理's records and the 手工调账 requests. */
export const LEDGER_ENTITIES: readonly EntityRegistration[] = [
  [chargeRecord, ledgerTransactions, { ...chargeRecordHooks, ledgerActions: chargeRecordLedgerActions }],
  [consumptionRecord, ledgerTransactions, { ...consumptionRecordHooks, ledgerActions: consumptionRecordLedgerActions, ledgerQuotes: consumptionRecordLedgerQuotes }],
  [adjustment, adjustments, adjustmentHooks],
  [pendingRefund, pendingRefunds],
];
