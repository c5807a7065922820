/**
 * 食材供应 on the server: suppliers, ingredients, the stock views and the bills on the engine with
 * their flows, 库存台账, the licence reminder job, its approvals on 首页, its report sources and
 * 综合报表's 食材进销存, the sample.
 */
import type { EntityTable } from '@server/crud/registerEntity';
import { billHooks } from '@server/modules/bills/billHooks';
import type { ServerArea } from '@server/registry/areas';
import { eq } from 'drizzle-orm';
import { ingredient, purchase, shipment, stock, stockBatch, stocktake, supplier, supplyReturn, supplyShared } from '../shared';
import { stockLedgerRoutes } from './ledgerRoutes';
import { remindLicencesDue } from './licenceReminder';
import { purchaseActions } from './purchase.actions';
import { purchaseHooks } from './purchase.hooks';
import { supplyReportQueries } from './reportQueries';
import { returnActions } from './return.actions';
import { seedSupply } from './seed';
import { shipmentActions } from './shipment.actions';
import { shipmentHooks } from './shipment.hooks';
import { stockReport } from './stockReport';
import { stocktakeActions } from './stocktake.actions';
import { stocktakeHooks } from './stocktake.hooks';
import { supplierHooks } from './supplier.hooks';
import { batchLevels, ingredients, purchaseItems, purchases, stockLevels, stockOutItems, stockOuts, stocktakeItems, stocktakes, suppliers, supplyReturnItems, supplyReturns } from './tables';

export const supplyServer: ServerArea = {
  shared: supplyShared,
  entities: [
    [supplier, suppliers, supplierHooks],
    [ingredient, ingredients],
    // Views over the stock ledger: read and exported only.
    [stock, stockLevels as unknown as EntityTable],
    [stockBatch, batchLevels as unknown as EntityTable],
    [purchase, purchases, { ...purchaseHooks, actions: purchaseActions }, { items: purchaseItems }],
    [shipment, stockOuts, { ...shipmentHooks, actions: shipmentActions }, { items: stockOutItems }],
    [supplyReturn, supplyReturns, { ...billHooks('TH'), actions: returnActions }, { items: supplyReturnItems }],
    [stocktake, stocktakes, { ...stocktakeHooks, actions: stocktakeActions }, { items: stocktakeItems }],
  ],
  routes: stockLedgerRoutes,
  jobs: {
    /** 供应商证照到期提醒: licences due within 30 days, told to the supply staff as a system notice. */
    supplierLicenceReminder: {
      title: { 'zh-CN': '供应商证照到期提醒', en: 'Remind of supplier licences due' },
      run: (context) => remindLicencesDue(context),
      schedule: { cron: '0 0 8 * * ?', description: '每天 8:00 提醒 30 天内到期的供应商证照' },
    },
  },
  approvals: [
    {
      title: { 'zh-CN': '采购单待审核', en: 'Purchases to audit' },
      spec: purchase,
      action: 'audit',
      table: purchases,
      waiting: eq(purchases.auditStatus, '1'),
      makers: [purchases.createBy, purchases.submitBy],
    },
    {
      title: { 'zh-CN': '出库单待审核', en: 'Issues to audit' },
      spec: shipment,
      action: 'audit',
      table: stockOuts,
      waiting: eq(stockOuts.auditStatus, '1'),
      makers: [stockOuts.createBy, stockOuts.submitBy],
    },
    {
      title: { 'zh-CN': '退货单待审核', en: 'Returns to audit' },
      spec: supplyReturn,
      action: 'audit',
      table: supplyReturns,
      waiting: eq(supplyReturns.auditStatus, '1'),
      makers: [supplyReturns.createBy, supplyReturns.submitBy],
    },
  ],
  reportQueries: supplyReportQueries,
  reportTabs: { stock: stockReport },
  // The canteen's storekeeper makes the bills; the administrator audits them.
  seed: ({ tx, tenantId, by }) => seedSupply(tx, tenantId, 'canteen', by),
};

export default supplyServer;
