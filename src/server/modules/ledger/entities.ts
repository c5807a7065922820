import { chargeRecord } from '@shared/entities/payments/chargeRecord';
import { consumptionRecord } from '@shared/entities/payments/consumptionRecord';
import type { EntityRegistration } from '../entities';
import { ledgerTransactions } from '../../db/schema';
import { chargeRecordHooks, consumptionRecordHooks } from './records.hooks';

/** 缴费管理's read-only lists over the ledger (written only by the ledger service). */
export const LEDGER_ENTITIES: readonly EntityRegistration[] = [
  [chargeRecord, ledgerTransactions, chargeRecordHooks],
  [consumptionRecord, ledgerTransactions, consumptionRecordHooks],
];
