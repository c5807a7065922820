import { ACCOUNTS_SCREEN, CARD_REPAIR_SCREEN, CONSUMPTION_SCREEN, MEMBER_DEPARTMENTS_SCREEN, MEMBERS_SCREEN, MEMBER_TREE_OPERATIONS, type TreeOperationId } from '@shared/cardOffice';
import { on, withTargets } from './admin';
import type { Titles } from '@shared/engine/spec';
import { PERSON_ARG } from './arguments';
import { defineCommand, type CommandArgs, type CommandContext, type PersonFound, type RunContext } from './types';

/**
 * One record to act on: a link's or button's `id`, else the one selected row, else the record the
 * page shows (`/members/accounts?id=…`, opened from the palette's people search).
 */
function onOneRecord(act: (id: string, ctx: RunContext, args: CommandArgs) => void | Promise<unknown>) {
  return (ctx: RunContext, args: CommandArgs) => {
    const shown = new URLSearchParams(ctx.fullPath.split('?')[1] ?? '').get('id');
    const given = args.id || ctx.selection.length || !shown ? args : { ...args, id: shown };
    return withTargets(true, ([id], run, all) => act(id!, run, all))(ctx, given);
  };
}

/** The account a page shows (`/members/accounts?id=…`, opened from the palette's people search). */
const shownAccount = (ctx: Pick<RunContext, 'pathname' | 'fullPath'>) => (ctx.pathname === ACCOUNTS_SCREEN ? new URLSearchParams(ctx.fullPath.split('?')[1] ?? '').get('id') : null);

/** The account of the person typed (`账户流水 20230001`, `?person=`), else the record as `onOneRecord` finds it. */
function onAccount(act: (id: string, ctx: RunContext, args: CommandArgs) => void | Promise<unknown>) {
  return async (ctx: RunContext, args: CommandArgs) => {
    if (args.person && !args.id) {
      const found = await ctx.app.records.accountOfPerson(args.person);
      if (!('id' in found)) return ctx.app.warn(found);
      return act(found.id, ctx, args);
    }
    return onOneRecord(act)(ctx, args);
  };
}

/** The account has no card to act on. */
const NO_CARD = { 'zh-CN': '该账户没有可办理的卡片', en: 'This account has no card to act on' };

/** Another screen a flow command runs from, and how it finds its record(s) there. */
export interface FlowElsewhere {
  when(ctx: CommandContext): boolean;
  /** The records there; none opens the action's dialog on no record (柜台消费 reads the card in). `args.account`: a row's account. */
  targets(ctx: RunContext, args: CommandArgs): Promise<string[] | Titles>;
}

/**
 * A flow action on a person's record, the person typed in the palette (`挂失 20230001`) or named by
 * a link's `?person=`: how the record is found, and its states as the palette's people search
 * already knows them (so a lost card's 柜台消费 is refused on the row, before any typing).
 */
export interface FlowByPerson {
  find(ctx: RunContext, person: string): Promise<string[] | Titles>;
  /** The record's label and state columns from the person found; null: no such record. */
  record(person: PersonFound): Record<string, string> | null;
}

/**
 * 挂失, 解挂, 补卡, 换卡 and 退卡 from a person's account page (the one shown, or the account
 * selected): that person's card — a clerk who found the person acts on their card from there.
 */
const cardOfShownAccount: FlowElsewhere = {
  when: (ctx) => ctx.pathname === ACCOUNTS_SCREEN,
  targets: async (ctx, args) => {
    const account = args.account || ((ctx.selection[0] as { id?: string } | undefined)?.id ?? shownAccount(ctx));
    if (!account) return { 'zh-CN': '请选择一条记录', en: 'Select a record' };
    const card = await ctx.app.records.cardOfAccount(account);
    return card ? [card.id] : NO_CARD;
  },
};

/**
 * 柜台消费 from a person's account page (their card), or from 消费记录 with the card read in at the
 * counter (no record: its dialog asks for the card first).
 */
const cardAtTheCounter: FlowElsewhere = {
  when: (ctx) => ctx.pathname === ACCOUNTS_SCREEN || ctx.pathname === CONSUMPTION_SCREEN,
  targets: async (ctx, args) => (ctx.pathname === ACCOUNTS_SCREEN ? cardOfShownAccount.targets(ctx, args) : []),
};

export const FLOW_ELSEWHERE: Readonly<Record<string, FlowElsewhere>> = {
  'card.reportLoss': cardOfShownAccount,
  'card.cancelLoss': cardOfShownAccount,
  'card.pay': cardAtTheCounter,
  // 补卡, 换卡 and 退卡 for the person on view: the clerk stays on them.
  'card.replace': cardOfShownAccount,
  'card.change': cardOfShownAccount,
  'card.return': cardOfShownAccount,
};

const accountOfPerson: FlowByPerson = {
  find: async (ctx, person) => {
    const account = await ctx.app.records.accountOfPerson(person);
    return 'id' in account ? [account.id] : account;
  },
  // The account is named by its holder: 「王芳」当前状态为冻结.
  record: (person) => (person.accountId && person.accountStatus ? { accountNo: person.realName, accountStatus: person.accountStatus } : null),
};
const cardOfPerson: FlowByPerson = {
  find: async (ctx, person) => {
    const account = await ctx.app.records.accountOfPerson(person);
    if (!('id' in account)) return account;
    const card = await ctx.app.records.cardOfAccount(account.id);
    return card ? [card.id] : NO_CARD;
  },
  record: (person) => (person.cardNo && person.cardStatus ? { cardNo: person.cardNo, cardStatus: person.cardStatus } : null),
};

export const FLOW_BY_PERSON: Readonly<Record<string, FlowByPerson>> = {
  'card.reportLoss': cardOfPerson,
  'card.cancelLoss': cardOfPerson,
  // 柜台消费 20230001 12.5: that person's card, the amount given.
  'card.pay': cardOfPerson,
  // 补卡 20230001: that person's lost card.
  'card.replace': cardOfPerson,
  'card.change': cardOfPerson,
  'card.return': cardOfPerson,
  'account.freeze': accountOfPerson,
  'account.unfreeze': accountOfPerson,
  // 充值 20230001 50 in the palette, /do/account.recharge?person=20230001&amount=50 in a link.
  'account.recharge': accountOfPerson,
  'account.adjust': accountOfPerson,
  'account.close': accountOfPerson,
};

/** 待退款 is resolved from its row in the list below the accounts. */
const PENDING_FROM_ROW = { 'zh-CN': '请在待退款列表中点击该笔的“退现”或“入账”', en: 'Use 退现 (Pay out) or 入账 (Credit) on the row of the pending refunds list' };

/** 停用 and 升级 on the node chosen in 人员部门's tree. */
const treeCommand = <const Id extends TreeOperationId>(id: Id, icon: string, keywords: string[]) => {
  const operation = MEMBER_TREE_OPERATIONS[id];
  return defineCommand({
    id,
    title: operation.title,
    keywords,
    section: 'cardOffice',
    icon,
    permission: operation.permission,
    screen: operation.screen,
    mutates: true,
    when: on(operation.screen),
    run: onOneRecord((target, { app }) => app.records.treeOperation(id, target)),
  });
};

/**
 * The card office at the counter: open an account with its card, recharge, freeze, report a card
 * lost and replace it. Money dialogs ask for the amount twice and post once (an idempotency key
 * made when the dialog opens); the others ask for a yes.
 */
export const cardOfficeCommands = [
  defineCommand({
    id: 'member.openAccount',
    title: { 'zh-CN': '开户发卡', en: 'Open account and issue card' },
    keywords: ['account', 'card', 'open', 'issue', 'kaihu', 'faka'],
    section: 'cardOffice',
    icon: 'credit-card',
    permission: 'account:open',
    screen: MEMBERS_SCREEN,
    mutates: true,
    when: on(MEMBERS_SCREEN),
    run: withTargets(true, ([id], { app }) => app.openDialog('openAccount', { id })),
  }),
  defineCommand({
    id: 'account.statement',
    title: { 'zh-CN': '账户流水', en: 'Account statement' },
    keywords: ['account', 'statement', 'history', 'postings', 'zhanghu', 'liushui', 'duizhangdan'],
    section: 'cardOffice',
    icon: 'list',
    permission: 'members:accounts',
    screen: ACCOUNTS_SCREEN,
    when: on(ACCOUNTS_SCREEN),
    inline: [PERSON_ARG],
    run: onAccount((id, { app }) => app.openDialog('accountStatement', { id })),
  }),
  defineCommand({
    id: 'pendingRefund.payout',
    title: { 'zh-CN': '待退款退现', en: 'Pay out a pending refund' },
    keywords: ['pending', 'refund', 'cash', 'daituikuan', 'tuixian'],
    section: 'cardOffice',
    icon: 'wallet',
    permission: 'pendingRefund:payout',
    screen: ACCOUNTS_SCREEN,
    mutates: true,
    when: on(ACCOUNTS_SCREEN),
    run: ({ app }, args) => (args.id ? app.openDialog('resolvePending', { id: args.id, mode: 'payout' }) : app.warn(PENDING_FROM_ROW)),
  }),
  defineCommand({
    id: 'pendingRefund.credit',
    title: { 'zh-CN': '待退款入账', en: 'Credit a pending refund' },
    keywords: ['pending', 'refund', 'credit', 'daituikuan', 'ruzhang'],
    section: 'cardOffice',
    icon: 'wallet',
    permission: 'pendingRefund:credit',
    screen: ACCOUNTS_SCREEN,
    mutates: true,
    when: on(ACCOUNTS_SCREEN),
    run: ({ app }, args) => (args.id ? app.openDialog('resolvePending', { id: args.id, mode: 'credit' }) : app.warn(PENDING_FROM_ROW)),
  }),
  defineCommand({
    id: 'device.issueKey',
    title: { 'zh-CN': '生成终端密钥', en: 'Issue a terminal key' },
    keywords: ['terminal', 'device', 'key', 'secret', 'miyao'],
    section: 'cardOffice',
    icon: 'key-round',
    permission: 'device:issueKey',
    screen: '/devices',
    mutates: true,
    when: on('/devices'),
    run: withTargets(true, ([id], { app }) => app.openDialog('terminalKey', { id })),
  }),
  defineCommand({
    id: 'cardReplace.print',
    title: { 'zh-CN': '打印补卡凭条', en: 'Print a replacement receipt' },
    keywords: ['card', 'replace', 'receipt', 'print', 'buka', 'dayin', 'pingtiao'],
    section: 'cardOffice',
    icon: 'printer',
    permission: 'cardReplace:print',
    screen: CARD_REPAIR_SCREEN,
    when: on(CARD_REPAIR_SCREEN),
    run: withTargets(true, ([id], { app }) => app.openDialog('replacementReceipt', { id })),
  }),
  ...(['add', 'rename', 'move'] as const).map((mode) =>
    defineCommand({
      id: `memberDept.${mode}` as const,
      title: {
        add: { 'zh-CN': '新增年级/班级', en: 'Add a grade or class' },
        rename: { 'zh-CN': '重命名年级/班级', en: 'Rename a grade or class' },
        move: { 'zh-CN': '移动班级', en: 'Move a class' },
      }[mode],
      keywords: ['grade', 'class', 'department', 'nianji', 'banji', { add: 'xinzeng', rename: 'chongmingming', move: 'yidong' }[mode]],
      section: 'cardOffice',
      icon: { add: 'plus', rename: 'pencil', move: 'refresh-cw' }[mode],
      permission: mode === 'add' ? 'membDept:add' : 'membDept:edit',
      screen: MEMBER_DEPARTMENTS_SCREEN,
      mutates: true,
      when: on(MEMBER_DEPARTMENTS_SCREEN),
      run: withTargets(true, ([id], { app }) => app.openDialog('memberDept', { id, mode })),
    }),
  ),
  treeCommand('memberDept.retire', 'x', ['grade', 'class', 'retire', 'tingyong', 'nianji', 'banji']),
  treeCommand('memberDept.promote', 'shield-check', ['grade', 'promote', 'year', 'shengji', 'nianji']),
] as const;
