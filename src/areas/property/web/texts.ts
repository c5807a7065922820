/** 物业管理's texts, under its own prefix, in both languages (the same keys: the type checks it). */
export const propertyTextsZh = {
  'property.comments': '评论',
  'property.generate': '批量生成物业费',
  'property.building': '楼栋',
  'property.allBuildings': '全部楼栋',
  'property.periodFrom': '计费起（月）',
  'property.periodTo': '计费止（月）',
  'property.dueDate': '缴费截止日期',
  'property.periodInvalid': '请输入年-月，且计费止不早于计费起',
  'property.dueDateRequired': '请选择缴费截止日期',
  'property.generated': '已生成 {count} 张账单，共 {amount} 元',
  'property.generatedSummary': '已生成 {count} 张账单，共 {amount} 元；以下 {skipped} 户未生成：',
  'property.generateHint': '按 建筑面积 × 物业费单价 × 月数 计费；未设单价或该期间已有账单的房屋不会重复生成。',
} as const;

export const propertyTextsEn: Record<keyof typeof propertyTextsZh, string> = {
  'property.comments': 'Comments',
  'property.generate': 'Bill property fees in batch',
  'property.building': 'Building',
  'property.allBuildings': 'All buildings',
  'property.periodFrom': 'From (month)',
  'property.periodTo': 'To (month)',
  'property.dueDate': 'Due by',
  'property.periodInvalid': 'Type year-month, the last month not before the first',
  'property.dueDateRequired': 'Choose the due date',
  'property.generated': '{count} bills made, {amount} in all',
  'property.generatedSummary': '{count} bills made, {amount} in all; these {skipped} houses were not billed:',
  'property.generateHint': 'Floor area × fee price × months; houses without a price or billed for those months already are skipped.',
};
