/** 食材供应's sources for the online reports (在线报表): the stock by store, and the suppliers. */
import { canteen } from '@shared/entities/meals/canteen';
import { col, of, type ReportSource } from '@shared/online/reportSources';
import { ingredient } from './entities/ingredient';
import { stock } from './entities/stock';
import { supplier } from './entities/supplier';

export const supplyReportSources: readonly ReportSource[] = [
  {
    code: 'stock',
    title: { 'zh-CN': '食材库存', en: 'Ingredient stock' },
    columns: [
      col('canteenName', '仓库/食堂', 'Store', of(canteen, 'name')),
      col('ingredientCode', '食材编码', 'Code', of(ingredient, 'code')),
      col('ingredientName', '食材', 'Ingredient', of(ingredient, 'name')),
      col('category', '分类', 'Category', of(stock, 'category'), 'string', 'supply_category'),
      col('unit', '单位', 'Unit', of(stock, 'unit'), 'string', 'unit'),
      col('qty', '库存数量', 'Quantity', of(stock, 'qty'), 'quantity'),
      col('amount', '库存金额', 'Value', of(stock, 'amount'), 'money'),
      col('nextExpiry', '最近到期', 'Next expiry', of(stock, 'nextExpiry'), 'date'),
      col('stockState', '库存状态', 'State', of(stock, 'stockState'), 'string', 'stock_state'),
    ],
    readers: ['/supply/inventory'],
    defaultSort: { column: 'ingredientCode', order: 'asc' },
  },

  {
    code: 'suppliers',
    title: { 'zh-CN': '供应商', en: 'Suppliers' },
    columns: [
      col('code', '供应商编码', 'Code', of(supplier, 'code')),
      col('name', '供应商名称', 'Name', of(supplier, 'name')),
      col('contact', '联系人', 'Contact', of(supplier, 'contact')),
      col('phone', '联系电话', 'Phone', of(supplier, 'phone')),
      col('categories', '供应类别', 'Categories', of(supplier, 'categories'), 'string', 'supply_category'),
      col('status', '合作状态', 'Status', of(supplier, 'status'), 'string', 'supplier_status'),
      col('foodLicenseExpiry', '许可证到期', 'Licence expires', of(supplier, 'foodLicenseExpiry'), 'date'),
    ],
    readers: ['/supply/suppliers', '/supply/procurement'],
    defaultSort: { column: 'code', order: 'asc' },
  },
];
