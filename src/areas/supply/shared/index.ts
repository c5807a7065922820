/** 食材供应 as both halves see it: suppliers, ingredients and their stock, purchases, issues, returns and stocktakes, its menu group, dictionaries and report sources. */
import type { SharedArea } from '@shared/areas';
import { entityScreen } from '@shared/menuSeeds';
import { ingredient } from './entities/ingredient';
import { purchase } from './entities/purchase';
import { shipment } from './entities/shipment';
import { stock, stockBatch } from './entities/stock';
import { stocktake } from './entities/stocktake';
import { supplier } from './entities/supplier';
import { supplyReturn } from './entities/supplyReturn';
import { supplyReportSources } from './reportSources';

export const supplyShared = {
  id: 'supply',
  // Suppliers and ingredients before the stock and the bills that name them.
  entities: [supplier, ingredient, stock, stockBatch, purchase, shipment, supplyReturn, stocktake],
  menu: [
    {
      after: '/access',
      // The canteen's storekeeper works here.
      forCanteen: true,
      title: '食材供应',
      titleEn: 'Food supply',
      path: '/supply',
      icon: 'wheat',
      screens: [entityScreen(supplier), entityScreen(ingredient, [], [stock, stockBatch, stocktake]), entityScreen(purchase), entityScreen(shipment), entityScreen(supplyReturn)],
    },
  ],
  dictionaries: [
    {
      code: 'accept_result',
      name: '验收结果',
      items: [
        ['1', '合格', '#52c41a'],
        ['2', '不合格', '#f5222d'],
        ['3', '让步接收', '#faad14'],
      ],
      english: { '1': 'Passed', '2': 'Failed', '3': 'Accepted with concession' },
    },
    {
      code: 'inbound_status',
      name: '入库状态',
      items: [
        ['0', '未入库', '#8c8c8c'],
        ['1', '部分入库', '#faad14'],
        ['2', '已入库', '#52c41a'],
        ['3', '已关闭', '#595959'],
      ],
      english: { '0': 'Not received', '1': 'Partly received', '2': 'Received', '3': 'Closed' },
    },
    {
      code: 'out_status',
      name: '出库状态',
      items: [
        ['0', '未出库', '#8c8c8c'],
        ['1', '已出库', '#52c41a'],
      ],
      english: { '0': 'Not issued', '1': 'Issued' },
    },
    {
      code: 'out_type',
      name: '出库类型',
      items: [
        ['1', '领用出库'],
        ['2', '调拨出库'],
        ['3', '报损出库'],
        ['9', '其他'],
      ],
      english: { '1': 'Requisition', '2': 'Transfer', '3': 'Write-off', '9': 'Other' },
    },
    {
      code: 'purchase_type',
      name: '采购类型',
      items: [
        ['1', '日常'],
        ['2', '计划'],
        ['3', '临时'],
      ],
      english: { '1': 'Daily', '2': 'Planned', '3': 'Ad hoc' },
    },
    {
      code: 'return_reason',
      name: '退货原因',
      items: [
        ['1', '质量问题'],
        ['2', '过期临期'],
        ['3', '数量不符'],
        ['4', '规格不符'],
        ['9', '其他'],
      ],
      english: { '1': 'Quality problem', '2': 'Expired or expiring', '3': 'Wrong quantity', '4': 'Wrong specification', '9': 'Other' },
    },
    {
      code: 'return_settle',
      name: '退款方式',
      items: [
        ['1', '冲抵应付'],
        ['2', '退款'],
      ],
      english: { '1': 'Offset against payable', '2': 'Refund' },
    },
    {
      code: 'return_status',
      name: '退货状态',
      items: [
        ['0', '待退', '#8c8c8c'],
        ['1', '已退出库', '#1890ff'],
        ['2', '供应商已确认', '#52c41a'],
      ],
      english: { '0': 'To return', '1': 'Returned from stock', '2': 'Confirmed by supplier' },
    },
    {
      code: 'settle_mode',
      name: '结算方式',
      items: [
        ['1', '月结'],
        ['2', '周结'],
        ['3', '现结'],
      ],
      english: { '1': 'Monthly', '2': 'Weekly', '3': 'Cash' },
    },
    {
      code: 'stock_state',
      name: '库存状态',
      items: [
        ['1', '正常', '#52c41a'],
        ['2', '低库存', '#faad14'],
        ['3', '临期', '#fa8c16'],
        ['4', '过期', '#f5222d'],
        ['5', '超储', '#1890ff'],
      ],
      english: { '1': 'Normal', '2': 'Low', '3': 'Expiring soon', '4': 'Expired', '5': 'Overstocked' },
    },
    {
      code: 'storage_mode',
      name: '存储方式',
      items: [
        ['1', '常温'],
        ['2', '冷藏'],
        ['3', '冷冻'],
      ],
      english: { '1': 'Room temperature', '2': 'Chilled', '3': 'Frozen' },
    },
    {
      code: 'supplier_status',
      name: '合作状态',
      items: [
        ['0', '待审核', '#faad14'],
        ['1', '合作中', '#52c41a'],
        ['2', '暂停', '#8c8c8c'],
        ['3', '黑名单', '#f5222d'],
        ['4', '已终止', '#595959'],
      ],
      english: { '0': 'Awaiting admission', '1': 'Active', '2': 'Paused', '3': 'Blacklisted', '4': 'Terminated' },
    },
    {
      code: 'supply_category',
      name: '供应类别',
      items: [
        ['1', '蔬菜'],
        ['2', '肉禽蛋'],
        ['3', '水产'],
        ['4', '粮油'],
        ['5', '调味品'],
        ['6', '冻品'],
        ['7', '干货'],
        ['8', '乳制品'],
        ['9', '综合'],
      ],
      english: { '1': 'Vegetables', '2': 'Meat, poultry and eggs', '3': 'Seafood', '4': 'Grain and oil', '5': 'Seasoning', '6': 'Frozen food', '7': 'Dry goods', '8': 'Dairy', '9': 'Mixed' },
    },
  ],
  onlineRefs: [{ entity: 'supply.supplier', picker: true }],
  reportSources: supplyReportSources,
  // 选择供应商: the supplier picker of a purchase.
  pickers: [
    {
      code: 'supplier_pick',
      name: '选择供应商',
      source: 'suppliers',
      columns: [
        { field: 'code', queryMode: 'like' },
        { field: 'name', queryMode: 'like' },
        { field: 'contact' },
        { field: 'phone' },
        { field: 'categories', queryMode: 'eq', hidden: true },
        { field: 'status', queryMode: 'eq' },
      ],
    },
  ],
} as const satisfies SharedArea;

export { ingredient, purchase, shipment, stock, stockBatch, stocktake, supplier, supplyReturn };

export default supplyShared;
