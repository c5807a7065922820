/** 门禁管理's texts, under its own prefix, in both languages (the same keys: the type checks it). */
export const accessTextsZh = {
  'access.grants': '门禁授权',
  'access.grantsOf': '「{door}」的授权人员',
  'access.chooseDoor': '选择一个门查看授权人员',
  'access.timeGroups': '时间组',
  'access.holidays': '节假日',
  'access.rules': '考勤规则',
  'access.months': '月汇总',
} as const;

export const accessTextsEn: Record<keyof typeof accessTextsZh, string> = {
  'access.grants': 'Grants',
  'access.grantsOf': 'Who "{door}" lets through',
  'access.chooseDoor': 'Choose a door to see who it lets through',
  'access.timeGroups': 'Time groups',
  'access.holidays': 'Holidays',
  'access.rules': 'Attendance rules',
  'access.months': 'Monthly summary',
};
