import { menu } from '@shared/menu';
import { sharedAreas, type DictionarySeed } from '@shared/areas';
import { reportSources } from '@shared/online/reportSources';
import { onlineRefTargets } from '@shared/online/formSpec';
import { entityById } from '@shared/entities';
export type { DictionarySeed } from '@shared/areas';

/** The product's own dictionaries (some name its menu and its entities, so they are made when first read). */
const productDictionaries = (): readonly DictionarySeed[] => [
  {
    code: 'sex',
    name: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    code: 'user_status',
    name: '用户状态',
    items: [
      ['1', '正常', '#52c41a'],
      ['2', '冻结', '#f5222d'],
    ],
  },
  {
    code: 'valid_status',
    name: '有效状态',
    items: [
      ['1', '有效', '#52c41a'],
      ['0', '无效', '#8c8c8c'],
    ],
  },
  {
    code: 'yn',
    name: '是否',
    items: [
      ['1', '是'],
      ['0', '否'],
    ],
  },
  {
    code: 'menu_type',
    name: '菜单类型',
    items: [
      ['0', '一级菜单'],
      ['1', '子菜单'],
      ['2', '按钮权限'],
    ],
  },
  {
    code: 'perms_type',
    name: '授权策略',
    items: [
      ['1', '可见/可访问'],
      ['2', '可编辑（未授权时禁用）'],
    ],
  },
  {
    // The family's name for the same choice: JeecgBoot's 菜单管理 asks for 授权策略 from it.
    code: 'global_perms_type',
    name: '全局权限策略',
    items: [
      ['1', '可见/可访问（授权后可见/可访问）'],
      ['2', '可编辑（未授权时禁用）'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类别',
    items: [
      ['1', '学校/公司'],
      ['2', '部门'],
      ['3', '岗位'],
    ],
  },
  {
    code: 'priority',
    name: '优先级',
    items: [
      ['L', '一般', '#1677ff'],
      ['M', '重要', '#fa8c16'],
      ['H', '紧急', '#f5222d'],
    ],
  },
  {
    code: 'msg_category',
    name: '消息类型',
    items: [
      ['1', '通知公告'],
      ['2', '系统消息'],
    ],
  },
  {
    code: 'send_status',
    name: '发布状态',
    items: [
      ['0', '未发布', '#8c8c8c'],
      ['1', '已发布', '#52c41a'],
      ['2', '已撤销', '#8c8c8c'],
    ],
  },
  {
    code: 'msg_type',
    name: '通告对象',
    items: [
      ['USER', '指定用户'],
      ['ALL', '全体用户'],
      ['DEPART', '指定部门'],
      ['ROLE', '指定角色'],
    ],
  },
  {
    code: 'meal_type',
    name: '餐次',
    items: [
      ['1', '早餐'],
      ['2', '午餐'],
      ['3', '晚餐'],
      ['4', '夜宵'],
    ],
  },
  {
    code: 'card_status',
    name: '卡状态',
    items: [
      ['1', '正常', '#52c41a'],
      ['2', '挂失', '#f5222d'],
      ['3', '冻结', '#fa8c16'],
      ['4', '注销', '#8c8c8c'],
      ['5', '坏卡', '#faad14'],
    ],
  },
  {
    code: 'member_type',
    name: '人员类型',
    items: [
      ['1', '学生'],
      ['2', '教职工'],
      ['3', '访客'],
      ['4', '业主'],
    ],
  },
  {
    code: 'pay_channel_type',
    name: '支付渠道',
    items: [
      ['1', '微信支付'],
      ['2', '支付宝'],
      ['3', '银行卡'],
      ['4', '现金'],
    ],
  },
  {
    code: 'company_type',
    name: '单位类型',
    items: [
      ['1', '学校'],
      ['2', '企业'],
      ['3', '社区'],
    ],
  },
  {
    code: 'download_status',
    name: '下载状态',
    items: [
      ['0', '生成中', '#1677ff'],
      ['1', '已生成', '#52c41a'],
      ['2', '生成失败', '#f5222d'],
    ],
  },
  // Labels the server may override for the zh-CN catalogue (GET home/info/i18n).
  { code: 'i18n_zn', name: '界面文字', items: [['workNo', '学号']] },
  // The data-rule form's conditions, as JeecgBoot seeds them (its own client reads this code).
  {
    code: 'rule_conditions',
    name: '条件规则',
    items: [
      ['>', '大于'],
      ['<', '小于'],
      ['!=', '不等于'],
      ['=', '等于'],
      ['>=', '大于等于'],
      ['<=', '小于等于'],
      ['LEFT_LIKE', '左模糊'],
      ['RIGHT_LIKE', '右模糊'],
      ['LIKE', '模糊'],
      ['IN', '包含'],
      ['USE_SQL_RULES', '自定义SQL表达式'],
    ],
  },
  // JeecgBoot's user form asks for it (同步流程引擎); kept for its client.
  {
    code: 'activiti_sync',
    name: '同步工作流引擎',
    items: [
      ['1', '同步'],
      ['0', '不同步'],
    ],
  },
  // A reviewer's answer in a flow action's dialog (访客审核): let in, or refuse with the reason.
  {
    code: 'review_decision',
    name: '审核结果',
    items: [
      ['approve', '通过', '#52c41a'],
      ['reject', '拒绝', '#f5222d'],
    ],
  },
  // 食材供应 (DOMAIN.md §5).
  {
    code: 'unit',
    name: '计量单位',
    items: [
      ['kg', '千克'],
      ['jin', '斤'],
      ['bag', '袋'],
      ['box', '箱'],
      ['bottle', '瓶'],
      ['piece', '个'],
    ],
  },
  {
    code: 'owner_role',
    name: '业主身份',
    items: [
      ['1', '业主'],
      ['2', '家属'],
      ['3', '租户'],
    ],
  },
  {
    code: 'owner_status',
    name: '入住状态',
    items: [
      ['1', '已入住', '#52c41a'],
      ['2', '未入住', '#faad14'],
      ['3', '已迁出', '#8c8c8c'],
    ],
  },
  {
    code: 'leave_refund_way',
    name: '退费方式',
    items: [
      ['1', '退至卡余额'],
      ['2', '原路退回'],
      ['3', '现金'],
    ],
  },
  {
    code: 'leave_refund_status',
    name: '请假退餐费状态',
    items: [
      ['0', '待核算', '#8c8c8c'],
      ['1', '待审核', '#faad14'],
      ['2', '已审核', '#1677ff'],
      ['3', '已合并', '#722ed1'],
      ['4', '已退款', '#52c41a'],
      ['5', '已驳回', '#cf1322'],
    ],
  },
  {
    code: 'enable_status',
    name: '启用状态',
    items: [
      ['1', '启用', '#52c41a'],
      ['0', '停用', '#8c8c8c'],
    ],
  },
  {
    code: 'msg_channel',
    name: '消息渠道',
    items: [
      ['1', '站内'],
      ['2', '微信模板消息'],
      ['3', '短信'],
      ['4', 'APP推送'],
    ],
  },
  {
    code: 'msg_scene',
    name: '消息业务类型',
    items: [
      ['1', '系统通知'],
      ['2', '余额不足'],
      ['3', '消费提醒'],
      ['4', '到离校'],
      ['5', '请假审批'],
      ['6', '缴费提醒'],
      ['7', '挪车'],
      ['8', '考勤异常'],
    ],
  },
  {
    code: 'msg_audience',
    name: '消息接收人',
    items: [
      ['1', '人员本人'],
      ['2', '家长'],
    ],
  },
  {
    code: 'msg_scope',
    name: '消息接收范围',
    items: [
      ['1', '指定人员'],
      ['2', '班级/部门'],
      ['3', '全体'],
    ],
  },
  {
    code: 'send_state',
    name: '消息发送状态',
    items: [
      ['0', '待发送', '#8c8c8c'],
      ['1', '已定时', '#1677ff'],
      ['2', '已发送', '#52c41a'],
      ['3', '部分失败', '#fa8c16'],
      ['4', '失败', '#cf1322'],
      ['5', '已撤回', '#8c8c8c'],
    ],
  },
  {
    code: 'recipient_status',
    name: '接收状态',
    items: [
      ['0', '待发送', '#8c8c8c'],
      ['1', '已送达', '#1677ff'],
      ['2', '发送失败', '#cf1322'],
      ['3', '已读', '#52c41a'],
      ['4', '已撤回', '#8c8c8c'],
    ],
  },
  {
    code: 'sms_status',
    name: '短信状态',
    items: [
      ['1', '已提交', '#1677ff'],
      ['2', '发送成功', '#52c41a'],
      ['3', '发送失败', '#cf1322'],
    ],
  },
  {
    code: 'notice_kind',
    name: '通知类型',
    items: [
      ['1', '通知'],
      ['2', '公告'],
      ['3', '安全'],
      ['4', '活动'],
      ['5', '作业'],
    ],
  },
  {
    code: 'notice_scope',
    name: '通知范围',
    items: [
      ['1', '全校'],
      ['2', '年级'],
      ['3', '班级'],
      ['4', '教职工'],
      ['5', '家长'],
    ],
  },
  {
    code: 'notice_status',
    name: '通知状态',
    items: [
      ['0', '草稿', '#8c8c8c'],
      ['1', '已发布', '#52c41a'],
      ['2', '已撤回', '#8c8c8c'],
    ],
  },
  {
    code: 'leave_type',
    name: '请假类型',
    items: [
      ['1', '事假'],
      ['2', '病假'],
      ['3', '公假'],
      ['4', '实习'],
      ['9', '其他'],
    ],
  },
  {
    code: 'leave_source',
    name: '请假来源',
    items: [
      ['1', '家长端'],
      ['2', '班主任代填'],
      ['3', '本人'],
      ['4', '后台'],
    ],
  },
  {
    code: 'leave_status',
    name: '请假审批状态',
    items: [
      ['0', '待审批', '#faad14'],
      ['1', '已通过', '#52c41a'],
      ['2', '已驳回', '#f5222d'],
      ['3', '已撤销', '#8c8c8c'],
      ['4', '已销假', '#1677ff'],
    ],
  },
  {
    code: 'meal_charge_mode',
    name: '报餐扣费方式',
    items: [
      ['1', '下单即扣'],
      ['2', '就餐时扣'],
    ],
  },
  {
    code: 'order_way',
    name: '订餐方式',
    items: [
      ['1', '线上报餐'],
      ['2', '个人选菜'],
      ['3', '未订餐就餐'],
    ],
  },
  {
    code: 'dine_way',
    name: '就餐方式',
    items: [
      ['1', '堂食'],
      ['2', '外卖/送餐'],
    ],
  },
  {
    code: 'order_status',
    name: '订餐状态',
    items: [
      ['1', '已预订', '#1677ff'],
      ['2', '已就餐', '#52c41a'],
      ['3', '未就餐', '#fa8c16'],
      ['4', '已取消', '#8c8c8c'],
      ['5', '已退款', '#722ed1'],
    ],
  },
  {
    code: 'stop_type',
    name: '停餐类型',
    items: [
      ['1', '临时停餐'],
      ['2', '长期停餐'],
      ['3', '请假联动'],
    ],
  },
  {
    code: 'stop_reason',
    name: '停餐原因',
    items: [
      ['1', '请假'],
      ['2', '实习'],
      ['3', '走读'],
      ['4', '病'],
      ['9', '其他'],
    ],
  },
  {
    code: 'stop_source',
    name: '停餐来源',
    items: [
      ['1', '手工'],
      ['2', '请假'],
      ['3', '家长'],
    ],
  },
  {
    code: 'stop_status',
    name: '停餐状态',
    items: [
      ['0', '待审核', '#faad14'],
      ['1', '生效中', '#52c41a'],
      ['2', '已结束', '#1677ff'],
      ['3', '已撤销', '#8c8c8c'],
      ['4', '已驳回', '#f5222d'],
    ],
  },
  {
    code: 'refund_source',
    name: '退款来源',
    items: [
      ['1', '取消订餐'],
      ['2', '请假退餐'],
      ['3', '停餐退费'],
      ['4', '多扣纠错'],
      ['5', '设备重复扣款'],
    ],
  },
  {
    code: 'refund_item_status',
    name: '退款明细状态',
    items: [
      ['0', '待合并', '#faad14'],
      ['1', '已合并', '#1677ff'],
      ['2', '已退款', '#52c41a'],
      ['3', '已拒绝', '#8c8c8c'],
    ],
  },
  {
    code: 'refund_to',
    name: '退款去向',
    items: [['1', '退至卡余额']],
  },
  {
    code: 'refund_status',
    name: '退款状态',
    items: [
      ['0', '待退款', '#faad14'],
      ['1', '退款中', '#1677ff'],
      ['2', '已退款', '#52c41a'],
      ['3', '部分失败', '#f5222d'],
    ],
  },
  {
    // A refund batch is made waiting for its audit (its lines gathered): no draft, and a rejected batch is the end of it.
    code: 'refund_audit_status',
    name: '合并退款审核状态',
    items: [
      ['1', '待审核', '#faad14'],
      ['2', '已审核', '#52c41a'],
      ['3', '已驳回', '#f5222d'],
    ],
  },
  {
    code: 'subsidy_type',
    name: '补助类型',
    items: [
      ['1', '伙食补助'],
      ['2', '困难补助'],
      ['3', '误餐补助'],
      ['4', '节日福利'],
      ['5', '奖励'],
      ['9', '其他'],
    ],
  },
  {
    code: 'fund_source',
    name: '资金来源',
    items: [
      ['1', '财政'],
      ['2', '学校经费'],
      ['3', '经费本'],
      ['4', '现金'],
    ],
  },
  {
    code: 'clear_mode',
    name: '清零方式',
    items: [
      ['0', '不清零'],
      ['1', '到期清零'],
      ['2', '月末清零'],
      ['3', '下次发放前清零'],
    ],
  },
  {
    code: 'subsidy_issue_status',
    name: '补助发放状态',
    items: [
      ['0', '未发放', '#faad14'],
      ['4', '发放中', '#1677ff'],
      ['1', '已发放', '#52c41a'],
      ['2', '已清零', '#8c8c8c'],
      ['3', '已作废', '#595959'],
    ],
  },
  {
    code: 'subsidy_item_status',
    name: '补助明细状态',
    items: [
      ['1', '未发放', '#faad14'],
      ['2', '已发放', '#52c41a'],
      ['3', '已使用完', '#1677ff'],
      ['4', '已清零', '#8c8c8c'],
      ['5', '无效', '#f5222d'],
    ],
  },
  {
    code: 'school_term',
    name: '学期',
    items: [
      ['1', '第一学期'],
      ['2', '第二学期'],
      ['3', '暑期'],
      ['4', '寒假'],
    ],
  },
  {
    code: 'score_dimension',
    name: '评分维度',
    items: [
      ['1', '品德表现'],
      ['2', '学业水平'],
      ['3', '身心健康'],
      ['4', '艺术素养'],
      ['5', '社会实践'],
      ['6', '文明就餐'],
    ],
  },
  {
    code: 'score_sign',
    name: '加/扣分',
    items: [
      ['1', '加分', '#52c41a'],
      ['2', '扣分', '#f5222d'],
    ],
  },
  {
    code: 'score_source',
    name: '评分来源',
    items: [
      ['1', '手工'],
      ['2', '考勤'],
      ['3', '就餐'],
      ['4', '活动'],
    ],
  },
  {
    code: 'score_status',
    name: '评分状态',
    items: [
      ['1', '有效', '#52c41a'],
      ['0', '已撤销', '#8c8c8c'],
    ],
  },
  {
    code: 'score_grade',
    name: '评分等级',
    items: [
      ['A', 'A', '#52c41a'],
      ['B', 'B', '#1677ff'],
      ['C', 'C', '#faad14'],
      ['D', 'D', '#f5222d'],
    ],
  },
  {
    code: 'fee_item',
    name: '收费项目',
    items: [
      ['1', '学费'],
      ['2', '住宿费'],
      ['3', '教材费'],
      ['4', '校服费'],
      ['5', '伙食费'],
      ['6', '保险费'],
      ['9', '其他'],
    ],
  },
  {
    code: 'fee_item_status',
    name: '收费标准状态',
    items: [
      ['0', '未生成', '#8c8c8c'],
      ['1', '已生成', '#52c41a'],
    ],
  },
  {
    code: 'bill_pay_status',
    name: '缴费状态',
    items: [
      ['0', '未缴', '#f5222d'],
      ['1', '部分缴', '#faad14'],
      ['2', '已缴清', '#52c41a'],
      ['3', '已退费', '#8c8c8c'],
      ['4', '已减免', '#1677ff'],
      ['5', '逾期', '#cf1322'],
    ],
  },
  {
    code: 'waive_status',
    name: '减免审核状态',
    items: [
      ['0', '无', '#8c8c8c'],
      ['1', '待审核', '#faad14'],
      ['2', '已减免', '#52c41a'],
      ['3', '已驳回', '#f5222d'],
    ],
  },
  {
    code: 'pay_way',
    name: '缴费方式',
    items: [
      ['1', '卡余额'],
      ['2', '现金'],
      ['3', '银行卡'],
      ['4', '微信'],
      ['5', '支付宝'],
    ],
  },
  {
    code: 'utility_bill_status',
    name: '出账状态',
    items: [
      ['0', '待出账', '#faad14'],
      ['1', '已出账', '#52c41a'],
    ],
  },
  {
    code: 'pay_item',
    name: '缴费项目',
    items: [
      ['1', '学费'],
      ['2', '水费'],
      ['3', '电费'],
      ['4', '物业费'],
      ['5', '伙食费'],
      ['6', '亲情通话套餐'],
      ['7', '住宿费'],
      ['9', '其他'],
    ],
  },
  // Made by migrations with the ledger; here so a declaration naming them is checked against their items.
  {
    code: 'wallet',
    name: '钱包',
    items: [
      ['CASH', '现金'],
      ['SUBSIDY', '补助'],
      ['GIFT', '赠送'],
      ['DEPOSIT', '押金'],
    ],
  },
  {
    // Made by migration 0019 (the card office's records); listed here as the card's 补卡 and 换卡 offer them.
    code: 'card_fee_pay',
    name: '收费方式',
    items: [
      ['1', '卡内扣除'],
      ['2', '现金'],
    ],
  },
  {
    code: 'replace_reason',
    name: '补卡原因',
    items: [
      ['1', '丢失'],
      ['2', '损坏'],
      ['3', '消磁/无法识别'],
      ['4', '换新介质'],
    ],
  },
  {
    // 销户 and 退卡: what becomes of the deposit.
    code: 'deposit_mode',
    name: '押金处理',
    items: [
      ['refund', '退还押金'],
      ['forfeit', '押金转收入（无卡退卡）'],
    ],
  },
  {
    code: 'adjust_direction',
    name: '调账方向',
    items: [
      ['1', '调增'],
      ['2', '调减'],
    ],
  },
  {
    code: 'recharge_channel',
    name: '充值渠道',
    items: [
      ['cash', '现金'],
      ['bank', '银行转账'],
      ['wechat', '微信'],
      ['alipay', '支付宝'],
    ],
  },
  {
    code: 'pay_channel',
    name: '支付渠道',
    items: [
      ['1', '卡余额'],
      ['2', '微信'],
      ['3', '支付宝'],
      ['4', '银行卡'],
      ['5', '现金'],
    ],
  },
  {
    code: 'pay_status',
    name: '支付状态',
    items: [
      ['0', '待支付', '#faad14'],
      ['1', '支付成功', '#52c41a'],
      ['3', '已退款', '#8c8c8c'],
      ['4', '已关闭', '#8c8c8c'],
    ],
  },
  {
    code: 'offline_pay_way',
    name: '线下收款方式',
    items: [
      ['2', '现金'],
      ['3', '银行卡'],
      ['4', '微信'],
      ['5', '支付宝'],
    ],
  },
  {
    code: 'push_type',
    name: '下发类型',
    items: [
      ['1', '人员名单'],
      ['2', '人脸照片'],
      ['3', '卡黑名单'],
      ['4', '门禁权限'],
      ['5', '时段/节假日'],
      ['6', '消费参数'],
      ['7', '餐次/价格'],
      ['8', '车辆名单'],
    ],
  },
  {
    code: 'push_target',
    name: '下发目标',
    items: [
      ['1', '单台设备'],
      ['2', '按食堂'],
      ['3', '全部设备'],
    ],
  },
  {
    code: 'push_add_del',
    name: '下发增删',
    items: [
      ['1', '新增/更新'],
      ['2', '删除'],
    ],
  },
  {
    code: 'push_status',
    name: '下发状态',
    items: [
      ['0', '待下发', '#8c8c8c'],
      ['1', '下发中', '#1677ff'],
      ['2', '成功', '#52c41a'],
      ['3', '部分失败', '#faad14'],
      ['4', '失败', '#f5222d'],
      ['5', '已取消', '#595959'],
    ],
  },
  {
    code: 'push_item_status',
    name: '下发明细状态',
    items: [
      ['0', '待下发', '#8c8c8c'],
      ['1', '下发中', '#1677ff'],
      ['2', '成功', '#52c41a'],
      ['3', '失败', '#f5222d'],
      ['4', '已取消', '#595959'],
    ],
  },
  {
    code: 'grad_status',
    name: '毕业批次状态',
    items: [
      ['0', '草稿', '#8c8c8c'],
      ['1', '待确认', '#faad14'],
      ['2', '处理中', '#1677ff'],
      ['3', '已完成', '#52c41a'],
      ['4', '部分失败', '#f5222d'],
    ],
  },
  {
    code: 'grad_cash_rule',
    name: '现金余额处理',
    items: [
      ['1', '原路退回'],
      ['2', '现金退还'],
      ['3', '转营业外收入'],
    ],
  },
  {
    code: 'grad_deposit_rule',
    name: '押金处理',
    items: [
      ['1', '退还'],
      ['2', '转收入'],
    ],
  },
  {
    code: 'grad_item_result',
    name: '毕业处理结果',
    items: [
      ['0', '待处理', '#8c8c8c'],
      ['1', '成功', '#52c41a'],
      ['2', '失败', '#f5222d'],
      ['3', '跳过', '#faad14'],
    ],
  },
  {
    code: 'audit_status',
    name: '审核状态',
    items: [
      ['0', '草稿', '#8c8c8c'],
      ['1', '待审核', '#faad14'],
      ['2', '已审核', '#52c41a'],
      ['3', '已驳回', '#f5222d'],
      ['4', '已作废', '#595959'],
    ],
  },
  {
    code: 'stock_move_kind',
    name: '库存变动类型',
    items: [
      ['IN', '入库', '#52c41a'],
      ['OUT', '出库', '#1890ff'],
      ['RETURN', '退货', '#fa8c16'],
      ['ADJUST', '盘点调整', '#722ed1'],
    ],
  },
  {
    code: 'onl_report_source',
    name: '在线报表数据源',
    items: reportSources().map((source) => [source.code, source.title['zh-CN']] as const),
  },
  {
    code: 'onl_field_type',
    name: '表单字段类型',
    items: [
      ['text', '单行文本'],
      ['textarea', '多行文本'],
      ['number', '数字'],
      ['money', '金额'],
      ['date', '日期'],
      ['datetime', '日期时间'],
      ['dict', '字典'],
      ['switch', '开关'],
      ['popup', '弹窗选择'],
      ['ref', '引用'],
      ['image', '图片'],
      ['file', '文件'],
    ],
  },
  {
    code: 'onl_publish_status',
    name: '发布状态',
    items: [
      ['0', '未发布', '#8c8c8c'],
      ['1', '已发布', '#52c41a'],
    ],
  },
  {
    code: 'onl_ref_entity',
    name: '表单引用对象',
    items: onlineRefTargets().map(({ entity }) => [entity, entityById(entity)!.title['zh-CN']] as const),
  },
  {
    code: 'onl_menu_area',
    name: '表单所在菜单',
    items: menu()
      .filter((area) => area.screens?.length)
      .map((area) => [area.path, area.title] as const),
  },
  {
    code: 'onl_sort_order',
    name: '排序方向',
    items: [
      ['asc', '升序'],
      ['desc', '降序'],
    ],
  },
  {
    code: 'onl_query_mode',
    name: '查询方式',
    items: [
      ['eq', '精确'],
      ['like', '模糊'],
      ['range', '范围'],
    ],
  },
];

let all: readonly DictionarySeed[] | null = null;

/** Dictionaries the console uses from day one: code, name, and items as [value, text, tag colour]; the product's, then each area's. */
export const dictionaries = (): readonly DictionarySeed[] => (all ??= [...productDictionaries(), ...sharedAreas().flatMap((area) => area.dictionaries ?? [])]);
