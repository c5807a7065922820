/**
 * The top-level areas of the admin's side menu, in order (../shared/MENU.md's order): those with
 * at least one built screen. An area whose screens are all still to come is not shown; building
 * its first screen adds it here.
 */
export const ALL_AREAS = [
  '首页',
  '人员与卡务',
  '活动管理',
  '门禁管理',
  '食材供应',
  '订餐管理',
  '缴费管理',
  '统计报表',
  '终端设备',
  '消息中心',
  '安防视频',
  '亲情通话',
  '商铺管理',
  '物业管理',
  '系统管理',
  '系统监控',
  '在线开发',
  '示例',
] as const;
