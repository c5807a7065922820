import type { EntitySpec } from '../../engine/spec';

/**
 * 卡片管理: the cards issued on accounts, current and past (DOMAIN.md 2.2). Read here; 挂失, 解挂,
 * 补卡 and the rest are the ledger's named operations. A card's status never moves money.
 */
/** The new card 补卡 and 换卡 issue, read in at the counter: the printed number and the chip's. */
const NEW_CARD = [
  { key: 'cardNo', type: 'text', preset: 'cardNo', title: { 'zh-CN': '新卡号', en: 'New card no.' }, required: true, max: 20 },
  { key: 'physNo', type: 'text', preset: 'physNo', title: { 'zh-CN': '新物理卡号', en: 'New chip no.' }, required: true, max: 16 },
] as const;

export const card = {
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
        id: 'markDamaged',
        title: { 'zh-CN': '坏卡登记', en: 'Record as damaged' },
        from: { cardStatus: ['1'] },
        to: { cardStatus: '5' },
        confirm: {
          'zh-CN': '登记后该卡不能再刷卡，余额留在账户中，请为持卡人换卡。确定登记为坏卡？',
          en: 'A damaged card can no longer pay; the balance stays in the account until the card is changed. Record it as damaged?',
        },
        done: { 'zh-CN': '已登记为坏卡，请为持卡人换卡', en: 'Recorded as damaged: change the card' },
        effect: true,
        icon: 'ban',
        keywords: ['card', 'damaged', 'broken', 'huaika'],
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
      {
        id: 'pay',
        title: { 'zh-CN': '柜台消费', en: 'Counter payment' },
        from: { cardStatus: ['1'] },
        // The same ledger operation as a terminal's: the member type's discount and allowance, the limits, the wallet order.
        input: [
          { key: 'amount', type: 'money', ledger: true, title: { 'zh-CN': '消费金额', en: 'Amount' }, required: true },
          { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '食堂', en: 'Canteen' } },
          { key: 'storeId', type: 'ref', ref: 'meals.store', refWhere: { canteenId: 'canteenId' }, title: { 'zh-CN': '档口', en: 'Store' } },
          { key: 'mealType', type: 'dict', dict: 'meal_type', title: { 'zh-CN': '餐次', en: 'Meal' } },
        ],
        retype: 'amount',
        show: ['memberId'],
        confirm: {
          'zh-CN': '按人员类型的折扣和餐补计价，并检查单次、当日限额；先扣补助，再扣赠送，最后扣现金。',
          en: 'Priced with the member type’s discount and meal allowance, within the single and daily limits; subsidy pays first, then gift, then cash.',
        },
        done: { 'zh-CN': '消费成功！', en: 'Paid' },
        permission: 'consume:add',
        path: '/pay/consume',
        // A card is named by its number, as a terminal names it; at the counter it may be read in here.
        ledger: {
          by: 'cardNo',
          key: 'cardNo',
          quote: { figures: [{ key: 'cash', title: { 'zh-CN': '现金余额', en: 'Cash' } }] },
        },
        testId: 'counter-payment',
        icon: 'wallet',
        keywords: ['pay', 'payment', 'counter', 'consume', 'guitai', 'xiaofei'],
      },
      {
        id: 'replace',
        title: { 'zh-CN': '补卡', en: 'Replace card' },
        from: { cardStatus: ['2'] },
        input: [
          ...NEW_CARD,
          { key: 'feePay', type: 'dict', dict: 'card_fee_pay', title: { 'zh-CN': '补卡费收取', en: 'Fee paid' }, required: true, default: '1' },
          // Why the card is gone (丢失 where, 被盗…): the bill and the receipt carry it.
          { key: 'remark', type: 'text', title: { 'zh-CN': '补卡原因', en: 'Why it is replaced' }, required: true, max: 100 },
        ],
        show: ['memberId', 'cardStatus'],
        confirm: {
          'zh-CN': '原卡须已挂失（损坏的卡请办理换卡）；按人员类型收取补卡费，余额和消费记录留在账户中。',
          en: 'The old card must be reported lost (a damaged one is changed); the member type’s fee is charged and the balance stays in the account.',
        },
        done: { 'zh-CN': '补卡成功！', en: 'Card replaced' },
        ledger: { by: 'cardId', quote: { figures: [{ key: 'fee', title: { 'zh-CN': '补卡费', en: 'Replacement fee' } }] } },
        path: '/memb/card/replace',
        testId: 'replace-card',
        icon: 'credit-card',
        keywords: ['card', 'replace', 'new card', 'buka'],
      },
      {
        id: 'change',
        title: { 'zh-CN': '换卡', en: 'Change card' },
        from: { cardStatus: ['1', '3', '5'] },
        input: [
          ...NEW_CARD,
          { key: 'reason', type: 'dict', dict: 'replace_reason', values: ['2', '3', '4'], title: { 'zh-CN': '换卡原因', en: 'Reason' }, required: true, default: '2' },
          { key: 'feePay', type: 'dict', dict: 'card_fee_pay', title: { 'zh-CN': '卡成本费收取', en: 'Card fee paid' }, required: true, default: '1' },
          { key: 'remark', type: 'text', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 100 },
        ],
        show: ['memberId', 'cardStatus'],
        confirm: {
          'zh-CN': '用于损坏、无法识别或换新介质的卡（挂失的卡请办理补卡）；按人员类型收取卡成本费。',
          en: 'For a damaged, unreadable or outdated card (a lost one is replaced); the member type’s card fee is charged.',
        },
        done: { 'zh-CN': '换卡成功！', en: 'Card changed' },
        ledger: { by: 'cardId', quote: { figures: [{ key: 'fee', title: { 'zh-CN': '卡成本费', en: 'Card fee' } }] } },
        path: '/memb/card/change',
        testId: 'replace-card',
        icon: 'refresh-cw',
        keywords: ['card', 'change', 'damaged', 'broken', 'huanka'],
      },
      {
        id: 'return',
        title: { 'zh-CN': '退卡', en: 'Return card' },
        from: { cardStatus: ['1', '2', '3', '5'] },
        input: [
          { key: 'deposit', type: 'dict', dict: 'deposit_mode', title: { 'zh-CN': '押金处理', en: 'Deposit' }, required: true, default: 'refund' },
          { key: 'reason', type: 'text', title: { 'zh-CN': '原因', en: 'Reason' }, required: true, max: 100 },
        ],
        // The card in hand is the one cancelled: its last four digits typed first.
        retype: 'cardNo',
        retypeLast: 4,
        show: ['memberId', 'cardStatus'],
        confirm: {
          'zh-CN': '卡片注销，账户保留；账户的最后一张卡退卡时押金退还或转收入。挂失未交回的卡押金不退。',
          en: 'The card is cancelled and the account kept; with the account’s last card the deposit is paid back or kept. A lost card’s deposit is kept.',
        },
        done: { 'zh-CN': '退卡成功！', en: 'Card returned' },
        ledger: {
          by: 'cardId',
          quote: {
            inputs: ['deposit'],
            figures: [
              { key: 'deposit', title: { 'zh-CN': '押金', en: 'Deposit' } },
              { key: 'depositBack', title: { 'zh-CN': '退还押金', en: 'Deposit paid back' } },
            ],
          },
        },
        path: '/memb/card/return',
        testId: 'return-card',
        icon: 'undo-2',
        keywords: ['card', 'return', 'deposit', 'tuika'],
      },
    ],
  },
} as const satisfies EntitySpec;
