import type { EntitySpec } from '../../engine/spec';

/**
 * 账户管理: each member's account, its state and its wallets (DOMAIN.md 2.1). Read here; every
 * change goes through the ledger's named operations (开户, 充值, 冻结…), never a form.
 */
export const account = {
  id: 'members.account',
  title: { 'zh-CN': '账户', en: 'Account' },
  api: '/memb/account',
  table: 'memb_account',
  permissionPrefix: 'account',
  screen: { path: '/members/accounts', component: 'members/AccountList', title: { 'zh-CN': '账户管理', en: 'Accounts' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'accountNo',
  fields: [
    { key: 'accountNo', type: 'text', title: { 'zh-CN': '账号', en: 'Account no.' }, required: true, max: 20, query: 'like', sortable: true, width: 120 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '人员', en: 'Member' }, required: true, width: 100 },
    { key: 'accountStatus', type: 'dict', dict: 'account_status', title: { 'zh-CN': '账户状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 90 },
    { key: 'cash', type: 'money', title: { 'zh-CN': '现金余额', en: 'Cash' }, total: true, required: true, min: -100000, max: 100000, query: 'range', sortable: true, width: 100 },
    { key: 'subsidy', type: 'money', title: { 'zh-CN': '补助余额', en: 'Subsidy' }, total: true, required: true, max: 100000, sortable: true, width: 100 },
    { key: 'gift', type: 'money', title: { 'zh-CN': '赠送余额', en: 'Gift' }, total: true, required: true, max: 100000, width: 90 },
    { key: 'deposit', type: 'money', title: { 'zh-CN': '押金', en: 'Deposit' }, total: true, required: true, max: 100000, width: 80 },
    { key: 'singleLimit', type: 'money', title: { 'zh-CN': '单次限额', en: 'Single limit' }, max: 100000, width: 90 },
    { key: 'dailyLimit', type: 'money', title: { 'zh-CN': '日限额', en: 'Daily limit' }, max: 100000, width: 90 },
    { key: 'dailyLimitCount', type: 'number', title: { 'zh-CN': '日限次', en: 'Daily count' }, max: 99, list: false },
    { key: 'totalRecharge', type: 'money', title: { 'zh-CN': '累计充值', en: 'Recharged in all' }, required: true, max: 100000000, list: false },
    { key: 'totalConsume', type: 'money', title: { 'zh-CN': '累计消费', en: 'Spent in all' }, required: true, max: 100000000, list: false },
    { key: 'openDate', type: 'date', title: { 'zh-CN': '开户日期', en: 'Opened' }, required: true, query: 'range', sortable: true, width: 100 },
    { key: 'expireDate', type: 'date', title: { 'zh-CN': '有效期', en: 'Expires' }, required: true, sortable: true, width: 100 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'accountNo', order: 'asc' },
  // account_status: 1 正常 · 2 冻结 · 3 销户. Money moves through the ledger (充值 here; 销户… its own routes).
  flow: {
    status: ['accountStatus'],
    actions: [
      {
        id: 'recharge',
        title: { 'zh-CN': '充值', en: 'Recharge' },
        from: { accountStatus: ['1'] },
        // Typed twice (a slip of the finger is caught before it posts); cash or a transfer at the counter.
        input: [
          { key: 'amount', type: 'money', ledger: true, title: { 'zh-CN': '充值金额', en: 'Amount' }, required: true },
          { key: 'channel', type: 'dict', dict: 'recharge_channel', values: ['cash', 'bank'], title: { 'zh-CN': '充值方式', en: 'Paid by' }, required: true, default: 'cash' },
          { key: 'remark', type: 'text', title: { 'zh-CN': '备注', en: 'Remark' }, max: 100 },
        ],
        retype: 'amount',
        show: ['memberId', 'cash'],
        confirm: { 'zh-CN': '充值到该账户的现金钱包。', en: 'Into the account’s cash wallet.' },
        done: { 'zh-CN': '充值成功！', en: 'Recharged' },
        // The family's client names the account `accountId`; 充值 20230001 50 in the palette.
        ledger: { by: 'accountId' },
        path: '/memb/account/recharge',
        testId: 'recharge',
        icon: 'wallet',
        keywords: ['recharge', 'top up', 'money', 'chongzhi'],
      },
      {
        id: 'adjust',
        title: { 'zh-CN': '手工调账', en: 'Manual adjustment' },
        from: { accountStatus: ['1', '2'] },
        // 录入 only: a correction of one wallet, posted when a second person approves it (members.adjustment's flow).
        input: [
          { key: 'amount', type: 'money', ledger: true, title: { 'zh-CN': '调账金额', en: 'Amount' }, required: true },
          { key: 'reason', type: 'text', title: { 'zh-CN': '原因', en: 'Reason' }, required: true, max: 100 },
          { key: 'wallet', type: 'dict', dict: 'wallet', values: ['CASH', 'SUBSIDY', 'GIFT'], title: { 'zh-CN': '钱包', en: 'Wallet' }, required: true, default: 'CASH' },
          { key: 'direction', type: 'dict', dict: 'adjust_direction', title: { 'zh-CN': '方向', en: 'Direction' }, required: true, default: '1' },
        ],
        retype: 'amount',
        show: ['memberId', 'cash', 'subsidy', 'gift'],
        confirm: {
          'zh-CN': '调账须由另一位有审核权限的操作员审核后才入账；调减不能使钱包余额小于0。',
          en: 'An adjustment posts only when another operator with the right approves it; lowering cannot take a wallet below zero.',
        },
        done: { 'zh-CN': '调账单已提交，等待另一位操作员审核', en: 'Adjustment entered: another operator must approve it' },
        ledger: { by: 'accountId' },
        testId: 'adjust',
        icon: 'pencil',
        keywords: ['account', 'adjust', 'correct', 'tiaozhang'],
      },
      {
        id: 'close',
        title: { 'zh-CN': '销户', en: 'Close account' },
        from: { accountStatus: ['1', '2'] },
        input: [
          { key: 'deposit', type: 'dict', dict: 'deposit_mode', title: { 'zh-CN': '押金处理', en: 'Deposit' }, required: true, default: 'refund' },
          { key: 'reason', type: 'text', title: { 'zh-CN': '原因', en: 'Reason' }, required: true, max: 100 },
        ],
        // What is paid out is worked out by the server and typed again before it posts.
        retype: 'payOut',
        show: ['memberId', 'cash', 'subsidy', 'gift', 'deposit'],
        confirm: { 'zh-CN': '销户后账户的卡全部注销：现金退还，补助清零，赠送不退。', en: 'Every card of the account is cancelled: the cash is paid out, the subsidy cleared, the gift kept.' },
        done: { 'zh-CN': '销户成功！', en: 'Account closed' },
        ledger: { by: 'accountId', quote: { inputs: ['deposit'], figures: [{ key: 'payOut', title: { 'zh-CN': '应退金额', en: 'To pay out' } }] } },
        path: '/memb/account/close',
        testId: 'close-account',
        icon: 'x',
        keywords: ['account', 'close', 'refund', 'xiaohu', 'tuika'],
      },
      {
        id: 'freeze',
        title: { 'zh-CN': '冻结账户', en: 'Freeze account' },
        from: { accountStatus: ['1'] },
        to: { accountStatus: '2' },
        confirm: {
          'zh-CN': '冻结后该账户不能消费，也不能充值，其在用的卡片一并冻结。确定冻结？',
          en: 'A frozen account can neither pay nor be recharged; its card in use is frozen with it. Freeze it?',
        },
        done: { 'zh-CN': '冻结成功！', en: 'Frozen' },
        effect: true,
        icon: 'lock',
        keywords: ['account', 'freeze', 'dongjie'],
        toolbar: true,
      },
      {
        id: 'unfreeze',
        title: { 'zh-CN': '解冻账户', en: 'Unfreeze account' },
        from: { accountStatus: ['2'] },
        to: { accountStatus: '1' },
        confirm: { 'zh-CN': '确定解冻该账户？其冻结的卡片一并恢复使用。', en: 'Unfreeze this account? Its frozen card is in use again.' },
        done: { 'zh-CN': '解冻成功！', en: 'Unfrozen' },
        effect: true,
        icon: 'lock-open',
        keywords: ['account', 'unfreeze', 'jiedong'],
        toolbar: true,
      },
    ],
  },
} as const satisfies EntitySpec;
