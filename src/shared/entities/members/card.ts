import type { EntitySpec } from '../../engine/spec';

/**
 * 卡片管理: the cards issued on accounts, current and past (DOMAIN.md 2.2). Read here; 挂失, 解挂,
 * 补卡 and the rest are the ledger's named operations. A card's status never moves money.
 */
export const card: EntitySpec = {
  id: 'members.card',
  title: { 'zh-CN': '卡片', en: 'Card' },
  api: '/memb/card',
  table: 'memb_card',
  permissionPrefix: 'card',
  screen: { path: '/members/cards', component: 'members/CardList', title: { 'zh-CN': '卡片管理', en: 'Cards' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'cardNo',
  fields: [
    { key: 'cardNo', type: 'text', title: { 'zh-CN': '卡号', en: 'Card no.' }, required: true, max: 20, query: 'like', sortable: true, width: 110 },
    { key: 'physNo', type: 'text', title: { 'zh-CN': '物理卡号', en: 'Chip no.' }, required: true, max: 16, query: 'like', width: 120 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '人员', en: 'Member' }, required: true, width: 100 },
    { key: 'accountId', type: 'ref', ref: 'members.account', refMode: 'picker', title: { 'zh-CN': '账号', en: 'Account' }, required: true, query: 'eq', width: 120 },
    { key: 'cardType', type: 'dict', dict: 'card_type', title: { 'zh-CN': '卡类型', en: 'Type' }, required: true, default: '1', query: 'eq', width: 90 },
    { key: 'cardStatus', type: 'dict', dict: 'card_status', title: { 'zh-CN': '卡状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 80 },
    { key: 'closeReason', type: 'dict', dict: 'card_close_reason', title: { 'zh-CN': '注销原因', en: 'Closed because' }, width: 100 },
    { key: 'issueDate', type: 'date', title: { 'zh-CN': '发卡日期', en: 'Issued' }, required: true, query: 'range', sortable: true, width: 100 },
    { key: 'expireDate', type: 'date', title: { 'zh-CN': '有效期', en: 'Expires' }, required: true, sortable: true, width: 100 },
    { key: 'lossTime', type: 'datetime', title: { 'zh-CN': '挂失时间', en: 'Reported lost' }, width: 150 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'issueDate', order: 'desc' },
  // card_status: 1 正常 · 2 挂失 · 3 冻结 · 4 注销 · 5 损坏. A card's state never moves money (补卡, 换卡, 退卡 are the ledger's).
  flow: {
    status: ['cardStatus'],
    actions: [
      {
        id: 'reportLoss',
        title: { 'zh-CN': '挂失', en: 'Report lost' },
        from: { cardStatus: ['1'] },
        to: { cardStatus: '2' },
        confirm: { 'zh-CN': '挂失后该卡不能消费，余额留在账户中。确定挂失？', en: 'A lost card cannot pay; the balance stays in the account. Report it lost?' },
        done: { 'zh-CN': '挂失成功！', en: 'Reported lost' },
        stamps: { at: 'lossTime' },
        effect: true,
        icon: 'shield-alert',
        keywords: ['card', 'lost', 'guashi'],
        toolbar: true,
      },
      {
        id: 'cancelLoss',
        title: { 'zh-CN': '解挂', en: 'Cancel loss report' },
        from: { cardStatus: ['2'] },
        to: { cardStatus: '1' },
        confirm: { 'zh-CN': '确定解除该卡的挂失？', en: 'Cancel the loss report of this card?' },
        done: { 'zh-CN': '解挂成功！', en: 'Loss report cancelled' },
        effect: true,
        icon: 'shield-check',
        keywords: ['card', 'found', 'jiegua'],
        toolbar: true,
      },
    ],
  },
};
