/** 食材供应's texts, under its own prefix, in both languages (the same keys: the type checks it). */
export const supplyTextsZh = {
  'supply.ledger': '库存台账',
  'supply.moveKind': '变动类型',
  'supply.billNo': '单号',
  'supply.batchNo': '批号',
  'supply.qty': '数量',
  'supply.amount': '金额',
  'supply.balance': '结存',
  'supply.ledgerAction': '台账',
  'supply.stocktakes': '盘点单',
  'supply.batches': '批次',
  'supply.ingredients': '食材档案',
} as const;

export const supplyTextsEn: Record<keyof typeof supplyTextsZh, string> = {
  'supply.ledger': 'Stock ledger',
  'supply.moveKind': 'Move',
  'supply.billNo': 'Bill no.',
  'supply.batchNo': 'Batch no.',
  'supply.qty': 'Quantity',
  'supply.amount': 'Amount',
  'supply.balance': 'Balance',
  'supply.ledgerAction': 'Ledger',
  'supply.stocktakes': 'Stocktakes',
  'supply.batches': 'Batches',
  'supply.ingredients': 'Ingredient catalogue',
};
