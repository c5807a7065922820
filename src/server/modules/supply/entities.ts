import { ingredient } from '@shared/entities/supply/ingredient';
import { purchase } from '@shared/entities/supply/purchase';
import { shipment } from '@shared/entities/supply/shipment';
import { stock, stockBatch } from '@shared/entities/supply/stock';
import { supplier } from '@shared/entities/supply/supplier';
import { supplyReturn } from '@shared/entities/supply/supplyReturn';
import { stocktake } from '@shared/entities/supply/stocktake';
import type { EntityRegistration } from '../entities';
import type { EntityTable } from '../../crud/registerEntity';
import { batchLevels, ingredients, purchaseItems, purchases, stockLevels, stockOutItems, stockOuts, stocktakeItems, stocktakes, suppliers, supplyReturnItems, supplyReturns } from '../../db/schema';
import { stocktakeActions } from './stocktake.actions';
import { stocktakeHooks } from './stocktake.hooks';
import { billHooks } from '../bills/billHooks';
import { returnActions } from './return.actions';
import { purchaseActions } from './purchase.actions';
import { purchaseHooks } from './purchase.hooks';
import { shipmentActions } from './shipment.actions';
import { shipmentHooks } from './shipment.hooks';
import { supplierHooks } from './supplier.hooks';

/** 食材供应's declarations with their tables, hooks and flow functions (after the canteens they name). */
export const SUPPLY_ENTITIES: readonly EntityRegistration[] = [
  [supplier, suppliers, supplierHooks],
  [ingredient, ingredients],
  // Views over the stock ledger: read and exported only.
  [stock, stockLevels as unknown as EntityTable],
  [stockBatch, batchLevels as unknown as EntityTable],
  [purchase, purchases, { ...purchaseHooks, actions: purchaseActions }, { items: purchaseItems }],
  [shipment, stockOuts, { ...shipmentHooks, actions: shipmentActions }, { items: stockOutItems }],
  [stocktake, stocktakes, { ...stocktakeHooks, actions: stocktakeActions }, { items: stocktakeItems }],
  [supplyReturn, supplyReturns, { ...billHooks('TH'), actions: returnActions }, { items: supplyReturnItems }],
];
