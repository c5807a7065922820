/**
 * Flows as the engine derives them from declarations: codes, routes, commands and buttons; which
 * rows an action applies to (state, maker ≠ checker, one or several); and every declared flow is
 * well formed — its status fields are dictionary fields, its states are items of their
 * dictionaries, its stamps and makers are columns the record has.
 */
import { LEDGER_CAP_YUAN } from '@shared/money';
import { describe, expect, it } from 'vitest';
import { commands, findCommand } from '@commands/index';
import { dictionaries } from '@server/db/seed/dictionaries';
import { sharedAreas } from '@shared/areas';
import { entityButtons } from '@shared/engine/derive';
import { fieldSchema } from '@shared/engine/schemas';
import { issueMessage } from '@shared/validation';
import { argValue } from '@web/palette/inlineArgs';
import {
  datedState,
  engineLedger,
  flowActionCode,
  ledgerAmountInput,
  flowActionOf,
  flowActionRoute,
  flowActions,
  flowCommandId,
  makerRefusal,
  overdueOf,
  selectionRefusal,
  stateRefusal,
} from '@shared/engine/flow';
import type { EntitySpec } from '@shared/engine/spec';
import { entityById, flowEntities } from '@shared/entities';
import { visitor } from '@shared/entities/members/visitor';

/** A bill with two axes (audit and business progress), as supply bills have. */
const bill: EntitySpec = {
  id: 'test.bill',
  title: { 'zh-CN': '单据', en: 'Bill' },
  api: '/test/bill',
  table: 'test_bill',
  permissionPrefix: 'bill',
  screen: { path: '/test/bills', component: 'test/BillList', title: { 'zh-CN': '单据', en: 'Bills' } },
  operations: ['add', 'edit'],
  tenantScoped: true,
  labelField: 'billNo',
  fields: [
    { key: 'billNo', type: 'text', title: { 'zh-CN': '单号', en: 'Bill no.' } },
    { key: 'auditStatus', type: 'dict', dict: 'audit_status', title: { 'zh-CN': '审核状态', en: 'Audit' } },
    { key: 'inboundStatus', type: 'dict', dict: 'inbound_status', title: { 'zh-CN': '入库状态', en: 'Received' } },
  ],
  form: { width: 600, columns: 1 },
  defaultSort: { field: 'billNo', order: 'desc' },
  flow: {
    status: ['auditStatus', 'inboundStatus'],
    actions: [
      {
        id: 'submit',
        title: { 'zh-CN': '提交', en: 'Submit' },
        from: { auditStatus: ['0', '3'] },
        to: { auditStatus: '1' },
        many: true,
        confirm: { 'zh-CN': '提交？', en: 'Submit?' },
        done: { 'zh-CN': '已提交', en: 'Submitted' },
      },
      {
        id: 'audit',
        title: { 'zh-CN': '审核', en: 'Audit' },
        from: { auditStatus: ['1'] },
        to: { auditStatus: '2' },
        many: true,
        notBy: ['createBy'],
        stamps: { by: 'auditBy', at: 'auditTime' },
        confirm: { 'zh-CN': '审核？', en: 'Audit?' },
        done: { 'zh-CN': '已审核', en: 'Audited' },
      },
      // 反审核 only while nothing was received: both axes must allow it.
      {
        id: 'unaudit',
        title: { 'zh-CN': '反审核', en: 'Unaudit' },
        from: { auditStatus: ['2'], inboundStatus: ['0'] },
        to: { auditStatus: '1' },
        confirm: { 'zh-CN': '反审核？', en: 'Unaudit?' },
        done: { 'zh-CN': '已反审核', en: 'Unaudited' },
      },
      {
        id: 'close',
        title: { 'zh-CN': '关闭', en: 'Close' },
        permission: 'bill:audit',
        from: { auditStatus: ['2'] },
        confirm: { 'zh-CN': '关闭？', en: 'Close?' },
        done: { 'zh-CN': '已关闭', en: 'Closed' },
      },
    ],
  },
};

const row = (values: Record<string, unknown>) => ({ id: 'b1', billNo: 'CG202611260001', createBy: 'clerk', ...values });

describe('flow derivations', () => {
  it('names each action’s code, route and command from the declaration', () => {
    const audit = flowActionOf(bill, 'audit');
    expect(flowActionCode(bill, audit)).toBe('bill:audit');
    expect(flowActionRoute(bill, audit)).toBe('/test/bill/audit');
    expect(flowCommandId(bill, audit)).toBe('bill.audit');
    // A declared code is kept (several actions under one button).
    expect(flowActionCode(bill, flowActionOf(bill, 'close'))).toBe('bill:audit');
    expect(() => flowActionOf(bill, 'ship')).toThrow(/no flow action ship/);
  });

  it('gives the menu one button per code, after the record operations', () => {
    const codes = entityButtons(bill).map((button) => button.code);
    expect(codes).toEqual(['bill:add', 'bill:edit', 'bill:submit', 'bill:audit', 'bill:unaudit']);
  });

  it('refuses a record in another state, naming it and its state on every axis', () => {
    const audit = flowActionOf(bill, 'audit');
    expect(stateRefusal(bill, audit, row({ auditStatus: '1', inboundStatus: '0' }))).toBeNull();
    expect(stateRefusal(bill, audit, row({ auditStatus: '2', auditStatus_dictText: '已审核' }))).toEqual({
      'zh-CN': '「CG202611260001」当前状态为已审核，不能审核',
      en: 'Cannot audit "CG202611260001": it is 已审核',
    });
    const unaudit = flowActionOf(bill, 'unaudit');
    expect(stateRefusal(bill, unaudit, row({ auditStatus: '2', inboundStatus: '0' }))).toBeNull();
    // The second axis: received in part, it can no longer be unaudited.
    const texts = (field: string, value: string) => (field === 'inboundStatus' && value === '1' ? { 'zh-CN': '部分入库', en: 'Partly received' } : { 'zh-CN': value, en: value });
    expect(stateRefusal(bill, unaudit, row({ auditStatus: '2', inboundStatus: '1' }), texts)?.['zh-CN']).toBe('「CG202611260001」当前状态为部分入库，不能反审核');
  });

  it('keeps the maker from checking their own record', () => {
    const audit = flowActionOf(bill, 'audit');
    expect(makerRefusal(audit, row({}), 'clerk')?.['zh-CN']).toBe('不能审核自己制单或提交的记录，请由其他人审核');
    expect(makerRefusal(audit, row({}), 'auditor')).toBeNull();
    // An action without the rule lets the maker do it.
    expect(makerRefusal(flowActionOf(bill, 'submit'), row({}), 'clerk')).toBeNull();
  });

  it('offers an action on a selection only when every row can take it, and one-row actions on one row', () => {
    const audit = flowActionOf(bill, 'audit');
    const waiting = row({ auditStatus: '1' });
    const audited = row({ id: 'b2', billNo: 'CG202611260002', auditStatus: '2', auditStatus_dictText: '已审核' });
    expect(selectionRefusal(bill, audit, [], 'auditor')).toBeNull();
    expect(selectionRefusal(bill, audit, [waiting, { ...waiting, id: 'b3' }], 'auditor')).toBeNull();
    expect(selectionRefusal(bill, audit, [waiting, audited], 'auditor')?.['zh-CN']).toBe('「CG202611260002」当前状态为已审核，不能审核');
    expect(selectionRefusal(bill, audit, [waiting], 'clerk')?.['zh-CN']).toMatch(/^不能审核自己制单/);
    expect(selectionRefusal(bill, flowActionOf(bill, 'unaudit'), [row({ auditStatus: '2', inboundStatus: '0' }), row({ id: 'b4', auditStatus: '2', inboundStatus: '0' })])?.['zh-CN']).toBe(
      '请只选择一条记录',
    );
  });
});

describe('declared flows', () => {
  const flows = flowEntities();
  const dictionaryItems = new Map(dictionaries().map((dictionary) => [dictionary.code, new Set(dictionary.items.map(([value]) => value))]));

  it('hold every amount typed for an action to the ledger’s cap, one limit declared once (LEDGER_CAP_YUAN)', () => {
    const money = flows.flatMap((spec) =>
      (spec.flow?.actions ?? []).flatMap((action) =>
        (action.input ?? []).filter((field) => field.type === 'money').map((field) => ({ at: `${spec.id}.${action.id}.${field.key}`, max: field.ledger ? (field.max ?? LEDGER_CAP_YUAN) : field.max })),
      ),
    );
    expect(money.length).toBeGreaterThan(20);
    expect(money.filter(({ max }) => max === undefined || max > LEDGER_CAP_YUAN)).toEqual([]);
  });

  it('refuse a ledger amount in the same words in the palette, the dialog and on the server', () => {
    const ledgerInputs = flows.flatMap((spec) => (spec.flow?.actions ?? []).flatMap((action) => (ledgerAmountInput(action) ? [{ spec, action, field: ledgerAmountInput(action)! }] : [])));
    expect(ledgerInputs.map(({ spec, action }) => flowCommandId(spec, action))).toContain('account.recharge');
    for (const { spec, action, field } of ledgerInputs) {
      const command = findCommand(flowCommandId(spec, action))!;
      const arg = command.inline!.find((one) => one.kind === 'amount')!;
      const max = field.max ?? LEDGER_CAP_YUAN;
      for (const typed of [String(max + 0.01), '0']) {
        const palette = argValue(arg, typed, '2026-11-29');
        const dialog = fieldSchema(field).safeParse(typed, { error: (issue) => issueMessage(issue, 'zh-CN') });
        expect('error' in palette, typed).toBe(true);
        expect(dialog.success, typed).toBe(false);
        // The palette says the rule's words; the form and the server the same, with the field's key after them.
        expect(dialog.error!.issues[0]!.message, `${command.id} ${typed}`).toBe((palette as { error: { 'zh-CN': string } }).error['zh-CN']);
      }
      // Not an amount at all: both refuse it as one.
      expect('error' in argValue(arg, '1.234', '2026-11-29')).toBe(true);
      expect(fieldSchema(field).safeParse('1.234').success).toBe(false);
      expect(fieldSchema(field).parse(String(max))).toBe(Math.round(max * 100));
    }
  });

  it('name, where a state follows the school’s day, one of their status fields, two date fields and items of its dictionary', () => {
    const dated = flows.filter((spec) => spec.flow?.dated);
    expect(dated.map((spec) => spec.id)).toContain('activities.activity');
    // The day's job (到期处理) moves the areas' records: a dated declaration is an area's.
    const ofAreas = new Set(sharedAreas().flatMap((area) => area.entities.map((spec) => spec.id)));
    expect(dated.filter((spec) => !ofAreas.has(spec.id)).map((spec) => spec.id)).toEqual([]);
    for (const spec of dated) {
      const rule = spec.flow!.dated!;
      const field = (key: string) => spec.fields.find((candidate) => candidate.key === key);
      expect(spec.flow!.status, spec.id).toContain(rule.field);
      expect([field(rule.from)?.type, field(rule.until)?.type], spec.id).toEqual(['date', 'date']);
      const items = dictionaryItems.get((field(rule.field) as { dict: string }).dict)!;
      for (const state of [rule.upcoming, rule.current, rule.ended]) expect(items.has(state), `${spec.id} ${state}`).toBe(true);
      expect(new Set([rule.upcoming, rule.current, rule.ended]).size, spec.id).toBe(3);
    }
  });

  it('make every bill with a due date late (逾期) after it, and let every action that takes an open bill take a late one', () => {
    // A kind of bill (its 缴费状态 is bill_pay_status) with a due date declares its 逾期: a new kind cannot forget it.
    const bills = flows.filter((spec) => spec.fields.some((field) => field.type === 'dict' && field.dict === 'bill_pay_status') && spec.fields.some((field) => field.key === 'dueDate'));
    expect(bills.map((spec) => spec.id)).toEqual(expect.arrayContaining(['members.tuitionBill', 'payments.waterBill', 'payments.electricBill', 'payments.propertyBill']));
    expect(bills.filter((spec) => !spec.flow?.overdue).map((spec) => spec.id)).toEqual([]);
    for (const spec of flows.filter((one) => one.flow?.overdue)) {
      const rule = spec.flow!.overdue!;
      const field = (key: string) => spec.fields.find((candidate) => candidate.key === key);
      expect(spec.flow!.status, spec.id).toContain(rule.field);
      expect(field(rule.due)?.type, spec.id).toBe('date');
      const items = dictionaryItems.get((field(rule.field) as { dict: string }).dict)!;
      for (const state of [...rule.open, rule.state]) expect(items.has(state), `${spec.id} ${state}`).toBe(true);
      for (const action of spec.flow!.actions) {
        const from = action.from[rule.field];
        if (from?.some((state) => rule.open.includes(state))) expect(from, `${spec.id} ${action.id}`).toContain(rule.state);
      }
    }
  });

  it('call a bill late only while it is open and its due date is behind the school’s day', () => {
    const rule = { field: 'payStatus', due: 'dueDate', open: ['0', '1'], state: '5' };
    expect(overdueOf(rule, '0', '2026-11-28', '2026-11-29')).toBe('5');
    expect(overdueOf(rule, '1', '2026-11-28', '2026-11-29')).toBe('5');
    // Due today is not late yet; paid, waived or refunded is never late.
    expect(overdueOf(rule, '0', '2026-11-29', '2026-11-29')).toBe('0');
    for (const state of ['2', '3', '4']) expect(overdueOf(rule, state, '2026-11-01', '2026-11-29')).toBe(state);
    expect(overdueOf(rule, '0', null, '2026-11-29')).toBe('0');
  });

  it('put a dated record in the state of the school’s day: before its first day, between, after its last', () => {
    const rule = { field: 'status', from: 'startDate', until: 'endDate', upcoming: '5', current: '2', ended: '3' };
    const campaign = { status: '2', startDate: '2026-12-09', endDate: '2026-12-31' };
    expect(datedState(rule, campaign, '2026-11-29')).toBe('5');
    expect(datedState(rule, campaign, '2026-12-09')).toBe('2');
    expect(datedState(rule, campaign, '2026-12-31')).toBe('2');
    expect(datedState(rule, campaign, '2027-01-01')).toBe('3');
    // A state outside the dated ones (草稿, 已停用) stays what it is.
    expect(datedState(rule, { ...campaign, status: '4' }, '2026-11-29')).toBe('4');
  });

  it('exist where the product has them', () => {
    // Every state operation of the product is a flow's (人员部门's tree operations aside: a node is no row).
    expect(flows.map((spec) => spec.id)).toEqual(
      expect.arrayContaining([
        'members.visitor',
        'members.visitorBlock',
        'members.account',
        'members.card',
        'members.parent',
        'members.adjustment',
        'system.quartzJob',
        'system.announcement',
        'system.school',
        'supply.supplier',
        'supply.purchase',
        'supply.shipment',
        'supply.return',
        'supply.stocktake',
      ]),
    );
  });

  it.each(flows.map((spec) => [spec.id, spec] as const))('%s: status fields are dictionary fields, states are their items, action ids and commands unique', (_id, spec) => {
    const fields = new Map(spec.fields.map((field) => [field.key, field]));
    // A state is a dictionary item, or a yes/no (a parent's 微信绑定).
    for (const key of spec.flow!.status) expect(['dict', 'switch'], `${spec.id}.${key}`).toContain(fields.get(key)?.type);
    // A fact is a dictionary field of the record beside its states, never one of them.
    for (const key of spec.flow!.facts ?? []) expect([fields.get(key)?.type, spec.flow!.status.includes(key)], `${spec.id} fact ${key}`).toEqual(['dict', false]);
    const ids = spec.flow!.actions.map((action) => action.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { action, command } of flowActions(spec)) {
      for (const [key, states] of Object.entries({ ...action.from, ...Object.fromEntries(Object.entries(action.to ?? {}).map(([field, state]) => [field, [state]])) })) {
        // Lifting a record (解除拉黑) ends it: its delFlag is the one state outside the declared fields.
        if (key === 'delFlag' && action.to?.delFlag === '1' && !(key in action.from)) continue;
        expect([...spec.flow!.status, ...(spec.flow!.facts ?? [])], `${spec.id}.${action.id} names ${key}`).toContain(key);
        if (fields.get(key)!.type === 'switch') {
          for (const state of states) expect(['true', 'false'], `${spec.id}.${action.id}: ${key}=${state}`).toContain(state);
          continue;
        }
        const items = dictionaryItems.get(fields.get(key)!.dict!);
        // Dictionaries seeded by migrations only are not in the seed list: their states are checked by the API tests.
        if (items) for (const state of states) expect(items.has(state), `${spec.id}.${action.id}: ${key}=${state}`).toBe(true);
      }
      for (const input of action.input ?? []) if (input.type === 'dict') expect(dictionaryItems.has(input.dict!), `${spec.id}.${action.id}.${input.key}`).toBe(true);
      // A form offering some of a dictionary's values offers values it has.
      for (const input of action.input ?? []) for (const value of input.values ?? []) expect(dictionaryItems.get(input.dict!)?.has(value), `${spec.id}.${action.id}.${input.key}=${value}`).toBe(true);
      for (const key of action.show ?? []) expect(fields.has(key), `${spec.id}.${action.id} shows ${key}`).toBe(true);
      // A wizard asks every input exactly once, on a step, and shows the record's own fields.
      if (action.wizard) {
        const asked = action.wizard.steps.flatMap((step) => step.inputs ?? []);
        expect([...asked].sort(), `${spec.id}.${action.id}'s steps`).toEqual((action.input ?? []).map((input) => input.key).sort());
        for (const key of action.wizard.steps.flatMap((step) => step.show ?? [])) expect(fields.has(key), `${spec.id}.${action.id}'s step shows ${key}`).toBe(true);
      }
      // Typed again: one of its inputs, a field of the record (调账审核's amount) or a figure of its quote (销户's 应退金额).
      const quote = engineLedger(action)?.quote;
      if (action.retype)
        expect(
          [...(action.input ?? []), ...spec.fields, ...(quote?.figures ?? [])].some((field) => field.key === action.retype),
          `${spec.id}.${action.id} retypes ${action.retype}`,
        ).toBe(true);
      if (action.retypeLast !== undefined) expect(action.retype && action.retypeLast > 0).toBeTruthy();
      // A record named by a column (柜台消费's card by its number) is named by one of its fields.
      const key = engineLedger(action)?.key;
      if (key)
        expect(
          spec.fields.some((field) => field.key === key),
          `${spec.id}.${action.id} names its record by ${key}`,
        ).toBe(true);
      // A choice narrowed by another input (a canteen's stores) names an input of the action and a field of its target.
      for (const input of action.input ?? [])
        for (const [column, other] of Object.entries(input.refWhere ?? {})) {
          expect(
            action.input?.some((field) => field.key === other),
            `${spec.id}.${action.id}.${input.key} narrowed by ${other}`,
          ).toBe(true);
          expect(
            entityById(input.ref!)?.fields.some((field) => field.key === column),
            `${input.ref} has ${column}`,
          ).toBe(true);
        }
      // A quote depends on the action's own inputs.
      for (const key of quote?.inputs ?? [])
        expect(
          action.input?.some((field) => field.key === key),
          `${spec.id}.${action.id} quotes by ${key}`,
        ).toBe(true);
      // The command exists, once, with the action's code.
      expect(commands().filter((candidate) => candidate.id === command)).toHaveLength(1);
      expect(findCommand(command)?.permission).toBe(flowActionCode(spec, action));
    }
  });

  it('the visitor’s steps: 签到 only once approved, 签离 once arrived, 拉黑 from any state', () => {
    const at = (visitStatus: string) => ({ id: 'v', visitorName: '郑晓东', visitStatus, visitStatus_dictText: visitStatus });
    const offered = (visitStatus: string) =>
      flowActions(visitor)
        .filter(({ action }) => selectionRefusal(visitor, action, [at(visitStatus)]) === null)
        .map(({ action }) => action.id);
    expect(offered('0')).toEqual(['review', 'cancel', 'block']);
    expect(offered('1')).toEqual(['checkIn', 'cancel', 'block']);
    expect(offered('3')).toEqual(['checkOut', 'block']);
    expect(offered('4')).toEqual(['block']);
    // The palette names why not: the command's own reason.
    expect(findCommand('visitor.checkOut')?.blocked?.({ selection: [at('1')] })?.['zh-CN']).toBe('「郑晓东」当前状态为1，不能签离，请先签到');
  });

  it('a refusal names the step that is missing where the flow has one, never the action’s own undoing', () => {
    const text: Parameters<typeof stateRefusal>[3] = (_field, value) => ({ 'zh-CN': value, en: value });
    const refusal = (entity: string, action: string, record: Record<string, unknown>) => stateRefusal(entityById(entity)!, flowActionOf(entityById(entity)!, action), record, text);
    // A draft subsidy batch: 审核 waits for 提交.
    expect(refusal('members.subsidy', 'audit', { name: 'BZ1', auditStatus: '0', issueStatus: '0' })).toEqual({
      'zh-CN': '「BZ1」当前状态为0，不能审核，请先提交',
      en: 'Cannot audit "BZ1": it is 0. Submit it first',
    });
    // A lost card pays again once found: 解挂 first.
    expect(refusal('members.card', 'pay', { cardNo: '20260001', cardStatus: '2' })?.['zh-CN']).toBe('「20260001」当前状态为2，不能柜台消费，请先解挂');
    // Already lost: 挂失 again is not preceded by 解挂; a stopped job is not paused after starting it.
    expect(refusal('members.card', 'reportLoss', { cardNo: '20260001', cardStatus: '2' })?.['zh-CN']).toBe('「20260001」当前状态为2，不能挂失');
    expect(refusal('members.account', 'freeze', { accountNo: 'A1', accountStatus: '2' })?.['zh-CN']).toBe('「A1」当前状态为2，不能冻结账户');
  });

  it('refuses by a fact of the record with its field, naming no step (a door’s grants are not cancelled as a task)', () => {
    const task = entityById('devices.pushTask')!;
    const cancel = flowActionOf(task, 'cancel');
    expect(stateRefusal(task, cancel, { taskNo: 'XD1', status: '0', pushType: '3', pushType_dictText: '卡黑名单' })).toBeNull();
    expect(stateRefusal(task, cancel, { taskNo: 'XD2', status: '0', pushType: '4', pushType_dictText: '门禁权限' })).toEqual({
      'zh-CN': '「XD2」的下发类型为门禁权限，不能取消',
      en: 'Cannot cancel "XD2": it is 门禁权限',
    });
  });
});
