/**
 * The entity engine's contract, once for every declared entity, on PGlite and on PostgreSQL:
 * paging, filters and sort; add, edit (PUT and POST), delete and deleteBatch; each required field,
 * preset, dictionary value and unique field refused with a 400 naming the column; 401 without a
 * token; 403 per button code; another school's rows invisible and untouchable; restricted columns
 * stripped and kept on edit; a record still referred to cannot be deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { entityCodes, pickFields, queryFields, sortableFields } from '@shared/engine/derive';
import type { EntitySpec, FieldSpec } from '@shared/engine/spec';
import { entities, entityById } from '@shared/entities';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { entityTables } from '@server/modules/entities';
import { houseName } from '@areas/property/server/houses';
import { houses, topics } from '@areas/property/server/tables';
import { addDays } from '@shared/schoolTime';
import { apiOf } from '../support/api';
import { BASE, createTestApp, seededDay, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
let otherSchool: string;
const { call, get, roleWithUser, secondSchool } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  otherSchool = (await secondSchool(21, 'school21')).token;
});
afterAll(async () => t0?.close());

let counter = 0;
let schoolYears = 0;
/** The first enabled item of a dictionary. */
async function dictValue(code: string, index = 0): Promise<string> {
  const rows = await t0.db
    .select({ value: t.dictionaryItems.itemValue })
    .from(t.dictionaryItems)
    .innerJoin(t.dictionaries, eq(t.dictionaries.id, t.dictionaryItems.dictId))
    .where(and(eq(t.dictionaries.dictCode, code), eq(t.dictionaryItems.status, '1')))
    .orderBy(t.dictionaryItems.sortOrder);
  if (!rows.length) throw new Error(`dictionary ${code} has no items`);
  return rows[Math.min(index, rows.length - 1)]!.value;
}

/** What makes a row in a list the server writes by itself: a refused change (operation log), a job run by hand. */
const PRIME: Readonly<Record<string, () => Promise<unknown>>> = {
  'system.operationLog': () => call(admin, 'POST', '/meals/canteen/add', {}),
  'system.quartzJobRun': () => get(admin, '/sys/quartzJob/execute?jobClassName=sessionCleanup'),
  'system.announcement': () => call(admin, 'POST', '/sys/annountCement/add', { titile: '测试通告', msgContent: '<p>内容</p>' }),
  // A payment refunded after its account closed: the refund waits as a 待退款.
  'members.pendingRefund': async () => {
    const [paid] = await t0.db
      .select({ id: t.ledgerTransactions.id, accountId: t.ledgerTransactions.accountId })
      .from(t.ledgerTransactions)
      .where(and(eq(t.ledgerTransactions.txnType, 'CONSUME'), eq(t.ledgerTransactions.tenantId, 0)))
      .limit(1);
    await call(admin, 'POST', '/memb/account/close', { idempotencyKey: `close-${paid!.id}`, accountId: paid!.accountId, deposit: 'refund', reason: '离校' });
    await call(admin, 'POST', '/pay/consume/refund', { idempotencyKey: `refund-${paid!.id}`, txnId: paid!.id, reason: '多扣' });
  },
};

let holidaysMade = 0;

/** What a record needs to exist before it is added: a refund batch gathers a waiting refund line of its period, canteen and source. */
const PREPARE: Readonly<Record<string, (record: Record<string, unknown>, token: string) => Promise<void>>> = {
  // A task that always has something to send: each device's own settings, to every device.
  'devices.pushTask': async (record) => {
    Object.assign(record, { pushType: '6', targetMode: '3' });
  },
  // One holiday a day: each sample a day of its own.
  'access.holiday': async (record) => {
    holidaysMade += 1;
    record.day = addDays('2031-01-01', holidaysMade);
  },
  // A campaign given by hand (a 充值赠送 needs its 充X), its gift within its budget.
  'activities.activity': async (record) => {
    Object.assign(record, { activityType: '3', budget: Math.max(Number(record.gift ?? 0), Number(record.budget ?? 0)) });
  },
  // A reading never below the one before it; each record a meter of its own.
  'payments.waterBill': async (record) => {
    record.currReading = Number(record.prevReading ?? 0) + 12.5;
  },
  'payments.electricBill': async (record) => {
    record.currReading = Number(record.prevReading ?? 0) + 240;
  },
  // A bill's months in order, of a house with a price (its area and price are the house's).
  'payments.propertyBill': async (record) => {
    record.periodTo = record.periodFrom;
    await t0.db
      .update(houses)
      .set({ feePrice: 120 })
      .where(eq(houses.id, String(record.houseId)));
  },
  // A comment is on a published topic.
  'property.topicComment': async (record) => {
    await t0.db
      .update(topics)
      .set({ status: '1' })
      .where(eq(topics.id, String(record.topicId)));
  },
  // Named by its building, unit and room (the server's name for it).
  'property.house': async (record) => {
    record.name = houseName(String(record.building), record.unit as string | undefined, String(record.room));
  },
  // A report's columns are its source's; a form's code and field names are what its store takes.
  'online.report': async (record) => {
    record.source = 'members';
    record.sortColumn = 'memberNo';
    record.columns = [
      { field: 'memberNo', title: '学号', queryMode: 'like', hidden: '0' },
      { field: 'realName', title: '姓名', queryMode: 'like', hidden: '0' },
    ];
  },
  'online.form': async (record) => {
    record.code = `form_${counter}`;
    record.menuArea = '/online';
    // A form of its own (a detail names an existing form as its master).
    record.masterCode = null;
    record.fields = [{ key: 'studentName', label: '姓名', fieldType: 'text', required: '1', isUnique: '0', inList: '1', restricted: '0', popupMulti: '0' }];
  },
  'meals.refundBatch': async (record, token) => {
    const { id } = await createRecord(entityById('members.member')!, token);
    const [person] = await t0.db.select({ tenantId: t.members.tenantId }).from(t.members).where(eq(t.members.id, id));
    await t0.db.insert(t.mealRefundItems).values({
      id: `RI${id}`.slice(0, 40),
      tenantId: person!.tenantId,
      memberId: id,
      sourceType: (record.sourceType as string | undefined) ?? '4',
      canteenId: (record.canteenId as string | undefined) ?? null,
      diningDate: String(record.dateFrom),
      amount: 500,
    });
  },
};

/** Fields the server fills when the form leaves them blank (a job is named by its handler). */
// A job named by its handler; a leave's days counted from its period (the school's half days); a refund batch's counts from its lines.
const FILLED_WHEN_BLANK = new Set([
  // A meter's reading left blank starts where last month's ended (0 for a new meter).
  'payments.waterBill.prevReading',
  'payments.electricBill.prevReading',
  'payments.waterBill.usage',
  'payments.electricBill.usage',
  'devices.pushTask.total',
  'devices.pushTask.status',
  'system.quartzJob.description',
  'members.leave.days',
  'meals.refundBatch.persons',
  'meals.refundBatch.lines',
  'meals.refundBatch.total',
  // A property bill is priced from its house.
  'payments.propertyBill.months',
  'payments.propertyBill.price',
  'payments.propertyBill.amount',
  'payments.propertyBill.due',
  'payments.propertyBill.owed',
  'property.house.name',
]);

/** The field an edit changes: the label, or (a bill's number is the server's, a plate has its shape, a house is a reference) the first text the form edits. */
const editedText = (spec: EntitySpec) =>
  spec.fields.find((field) => field.key === spec.labelField && field.type === 'text' && field.form !== false && !field.preset)?.key ??
  // A free text: a preset's shape (a school year) would refuse the test's words.
  spec.fields.find((field) => (field.type === 'text' || field.type === 'textarea') && field.form !== false && !field.preset)!.key;

/** Listed by the engine, written by routes of their own (recipients, a sanitised body): their add refuses an empty body. */
const WRITTEN_BY_OWN_ROUTES = new Set(['system.announcement', 'members.department']);

/** A valid value of a field, different each call where the type allows. */
async function sampleValue(field: FieldSpec, token: string, spec: EntitySpec): Promise<unknown> {
  counter += 1;
  switch (field.type) {
    case 'text':
    case 'textarea':
      if (field.preset === 'm') return `139${String(counter).padStart(8, '0')}`;
      if (field.preset === 'ym') return `2026-${String((counter % 12) + 1).padStart(2, '0')}`;
      if (field.preset === 'plate') return `粤B${String(10000 + (counter % 90000))}`;
      // Its own count: years wrapping round would name a term made earlier in the run.
      if (field.preset === 'schoolYear') return `${2100 + (schoolYears += 1)}-${2101 + schoolYears}`;
      // A schedule is read by croner before it is kept.
      if (field.key === 'cronExpression') return `0 ${counter % 60} 2 * * ?`;
      return `${field.key.slice(0, 3).toUpperCase()}${counter}`.slice(0, field.max ?? 100);
    case 'number': {
      const min = field.min ?? 0;
      return min + (counter % Math.max(1, (field.max ?? 100) - min + 1));
    }
    case 'money':
      return `${(counter % 50) + 1}.25`;
    case 'quantity':
      return `${(counter % 50) + 1}.5`;
    case 'dict':
      return dictValue(field.dict!);
    case 'ref': {
      const target = entityById(field.ref!)!;
      if (target.operations.includes('add')) {
        const { id } = await createRecord(target, token);
        // A purchase names an admitted supplier: the school's new one is admitted (as a second person would).
        if (target.id === 'supply.supplier') await t0.db.execute(sql`update ${sql.identifier(target.table)} set status = '1' where id = ${id}`);
        return id;
      }
      // A read-only target (the member tree): one of the school's records.
      const [first] = (await get(token, `${target.api}/list?pageSize=1`)).body.result.records;
      return first.id;
    }
    case 'switch':
      return true;
    case 'date':
      return '2026-11-23';
    case 'datetime': {
      // Times in declaration order, an hour apart: a visit is expected to leave after it arrives.
      const index = spec.fields.filter((candidate) => candidate.type === 'datetime').indexOf(field);
      return `2026-11-23 ${String(8 + index).padStart(2, '0')}:30:00`;
    }
    case 'time': {
      // Times in declaration order, two hours apart: a window starts before it ends.
      const index = spec.fields.filter((candidate) => candidate.type === 'time').indexOf(field);
      return `${String(7 + 2 * index).padStart(2, '0')}:00`;
    }
    default:
      return 'temp/sample.png';
  }
}

async function sampleRecord(spec: EntitySpec, token: string): Promise<Record<string, unknown>> {
  const record: Record<string, unknown> = {};
  for (const field of spec.fields) if (field.form !== false) record[field.key] = await sampleValue(field, token, spec);
  // References that must agree: a store picked here names its canteen, so the record's own
  // canteen is that one (what a user picking both would do).
  for (const field of spec.fields) {
    if (field.type !== 'ref' || field.form === false || typeof record[field.key] !== 'string') continue;
    const target = entityById(field.ref!)!;
    const shared = target.fields.filter((other) => other.type === 'ref' && other.key !== field.key && spec.fields.some((own) => own.key === other.key && own.ref === other.ref && own.form !== false));
    if (!shared.length) continue;
    const picked = (await get(token, `${target.api}/queryById?id=${String(record[field.key])}`)).body.result;
    for (const other of shared) record[other.key] = picked[other.key];
  }
  await PREPARE[spec.id]?.(record, token);
  // A sub-table: as many rows as it needs (at least one).
  for (const detail of spec.details ?? []) {
    const row: Record<string, unknown> = {};
    for (const field of detail.fields) row[field.key] = await sampleValue(field, token, spec);
    // (unless the entity's preparation gave the rows its checks want)
    if (record[detail.key] === undefined) record[detail.key] = Array.from({ length: Math.max(1, detail.min ?? 0) }, () => ({ ...row }));
  }
  return record;
}

async function createRecord(spec: EntitySpec, token = admin, values?: Record<string, unknown>): Promise<{ id: string; values: Record<string, unknown> }> {
  const body = values ?? (await sampleRecord(spec, token));
  const answer = await call(token, 'POST', `${spec.api}/add`, body);
  expect(answer.body.success, `${spec.id} add: ${answer.body.message}`).toBe(true);
  return { id: answer.body.result.id, values: body };
}

/** An upload of a workbook built from header and rows, as a browser would send it. */
async function importSheet(token: string, api: string, header: string[], rows: unknown[][]) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  const boundary = '----ccu-import';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="import.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t0.app.inject({
    method: 'POST',
    url: `${BASE}${api}/importExcel`,
    headers: { 'X-Access-Token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return { status: response.statusCode, body: response.json() };
}

const outsiders = new Map<string, Promise<string>>();
/** A user who may open one screen only (one per screen: sign-ins are rate-limited). */
const outsiderOf = (screen: string) => {
  if (!outsiders.has(screen))
    outsiders.set(
      screen,
      roleWithUser(admin, `outsider_${outsiders.size}`, [screen]).then((made) => made.token),
    );
  return outsiders.get(screen)!;
};

/** A record's values as a workbook row under the form's titles: dictionary texts, reference ids, 是/否. */
async function sheetRow(spec: EntitySpec, values: Record<string, unknown>): Promise<unknown[]> {
  const row: unknown[] = [];
  for (const field of importFields(spec)) {
    const value = values[field.key];
    if (field.type === 'dict') {
      const [item] = await t0.db
        .select({ text: t.dictionaryItems.itemText })
        .from(t.dictionaryItems)
        .innerJoin(t.dictionaries, eq(t.dictionaries.id, t.dictionaryItems.dictId))
        .where(and(eq(t.dictionaries.dictCode, field.dict!), eq(t.dictionaryItems.itemValue, String(value))));
      row.push(item!.text);
    } else if (field.type === 'switch') row.push(value ? '是' : '否');
    else if (field.type === 'money') row.push(Number(value));
    else row.push(value ?? '');
  }
  return row;
}

/** The columns an import takes: the form's fields. */
const importFields = (spec: EntitySpec) => spec.fields.filter((field) => field.form !== false);

/** The table of a declared entity, by its registration. */
const registrationOf = (spec: EntitySpec) => entityTables().find(([candidate]) => candidate.id === spec.id)!;
const tableOf = (spec: EntitySpec) => getTableConfig(registrationOf(spec)[1]).name;
/** Whether the entity's table has a column (who/when columns are optional). */
const hasColumn = (spec: EntitySpec, key: string) => key in (registrationOf(spec)[1] as object);
/** Another entity's screen code, for a role that may read something else only. */
/**
 * The query a seeded list is read with: none — but a list that shows today's records when asked
 * without a range (充值记录, 消费记录, 进出记录) and has none today is asked for the day the sample
 * school was lived to, on its first date range, as a clerk would: a run may cross the school's
 * midnight after the school was made.
 */
async function seededQuery(spec: EntitySpec): Promise<string> {
  const field = spec.fields.find((candidate) => candidate.query === 'range' && (candidate.type === 'date' || candidate.type === 'datetime'));
  if (!field || (await get(admin, `${spec.api}/list?pageSize=1`)).body.result.total > 0) return '';
  const [begin, end] = field.type === 'date' ? [seededDay(), seededDay()] : [`${seededDay()} 00:00:00`, `${seededDay()} 23:59:59`];
  return `${field.key}_begin=${encodeURIComponent(begin)}&${field.key}_end=${encodeURIComponent(end)}`;
}

const otherScreen = (spec: EntitySpec) => (spec.screen.path === '/system/roles' ? 'system:users' : 'system:roles');
const rowsInTable = async (table: string) => Number(((await t0.db.execute(sql.raw(`SELECT count(*) AS n FROM ${table}`))) as unknown as { rows: { n: string }[] }).rows[0]!.n);

/** The newest records first: a record just made is on the first page, however many the seed made. */
const NEWEST = '&column=createTime&order=desc';

/** Entities whose records are written through the engine (the member tree is read here only). */
const WRITABLE = entities().filter((spec) => spec.operations.includes('add'));

describe('a read-only declaration', () => {
  it.each(
    entities()
      .filter((spec) => !WRITABLE.includes(spec))
      .map((spec) => [spec.id, spec] as const),
  )('%s lists and reads, and offers no writes', async (_id, spec) => {
    // Lists the server writes as things happen: something happens first (written after its answer).
    await PRIME[spec.id]?.();
    const query = PRIME[spec.id] ? '' : await seededQuery(spec);
    await expect.poll(async () => (await get(admin, `${spec.api}/list?pageSize=1&${query}`)).body.result?.total ?? 0).toBeGreaterThan(0);
    const list = await get(admin, `${spec.api}/list?pageSize=50&${query}`);
    expect(list.body.success).toBe(true);
    expect(list.body.result.total).toBeGreaterThan(0);
    const [first] = list.body.result.records;
    expect((await get(admin, `${spec.api}/queryById?id=${first.id}`)).body.result.id).toBe(first.id);
    expect((await call(admin, 'POST', `${spec.api}/add`, {})).status).toBe(WRITTEN_BY_OWN_ROUTES.has(spec.id) ? 400 : 404);
    // A school's rows are its own; what the installation shares (its jobs' runs) every school reads.
    expect((await get(otherSchool, `${spec.api}/queryById?id=${first.id}`)).status).toBe(spec.tenantScoped ? 404 : 200);
  });

  it.each(
    entities()
      .filter((spec) => spec.fields.some((field) => field.total))
      .map((spec) => [spec.id, spec] as const),
  )('%s sums its total fields over everything the query finds, a refund or reversal counting against its original', async (_id, spec) => {
    // Every page of the whole list, summed here.
    const first = (await get(admin, `${spec.api}/list?pageSize=200`)).body.result;
    const all = { footer: first.footer, records: [...first.records] };
    for (let pageNo = 2; pageNo <= first.pages; pageNo++) all.records.push(...(await get(admin, `${spec.api}/list?pageSize=200&pageNo=${pageNo}`)).body.result.records);
    const page = (await get(admin, `${spec.api}/list?pageSize=10`)).body.result;
    for (const field of spec.fields.filter((candidate) => candidate.total)) {
      // An online order never paid (待支付, 已关闭) brought no money in: 缴费记录's 合计 leaves it out.
      const unpaidOrder = (row: Record<string, unknown>) => spec.id === 'payments.payment' && field.key === 'amount' && (row.status === '0' || row.status === '4');
      const sign = (row: Record<string, unknown>) => (unpaidOrder(row) ? 0 : row.txnType === 'RECHARGE_REVERSAL' || row.txnType === 'CONSUME_REFUND' ? -1 : 1);
      const cents = all.records.reduce((sum: number, row: Record<string, unknown>) => sum + sign(row) * Math.round(Number(row[field.key]) * 100), 0);
      // Every page carries the sum of the whole query, not of itself.
      expect(page.footer[field.key], field.key).toBe(cents / 100);
      expect(all.footer[field.key], field.key).toBe(cents / 100);
    }
    const none = (await get(admin, `${spec.api}/list?pageSize=10&${spec.labelField}=no-such-record`)).body.result;
    for (const field of spec.fields.filter((candidate) => candidate.total)) expect(none.footer[field.key]).toBe(0);
  });
});

describe.each(WRITABLE.map((spec) => [spec.id, spec] as const))('%s', (_id, spec) => {
  const codes = entityCodes(spec);

  it('adds a record and reads it back by id and in the list, with dictionary and reference texts', async () => {
    const { id, values } = await createRecord(spec);
    const read = await get(admin, `${spec.api}/queryById?id=${id}`);
    expect(read.body.success).toBe(true);
    const record = read.body.result;
    // What the form sends comes back; fields the form leaves out (joined, or kept by the server) are not sent.
    for (const field of spec.fields.filter((candidate) => candidate.form !== false)) {
      const sent = values[field.key];
      if (field.type === 'money' || field.type === 'quantity') expect(record[field.key], field.key).toBe(Number(sent));
      else expect(record[field.key], field.key).toEqual(sent);
      if (field.type === 'dict' || field.type === 'ref') expect(record[`${field.key}_dictText`], `${field.key}_dictText`).toMatch(/\S/);
    }
    expect(record.createBy).toBe('admin');
    expect(record.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const list = await get(admin, `${spec.api}/list?pageSize=200${NEWEST}`);
    expect(list.body.result.records.map((row: { id: string }) => row.id)).toContain(id);
    if (!hasColumn(spec, 'sysOrgCode')) return;
    // The record belongs to its creator's current department.
    const [creator] = await t0.db.select({ orgCode: t.users.orgCode }).from(t.users).where(eq(t.users.username, 'admin'));
    const stored = (await t0.db.execute(sql.raw(`SELECT sys_org_code FROM ${tableOf(spec)} WHERE id = '${id}'`))) as unknown as { rows: { sys_org_code: string | null }[] };
    expect(stored.rows[0]!.sys_org_code).toBe(creator!.orgCode);
    expect(creator!.orgCode).toBeTruthy();
  });

  it('adds a record from its required fields alone: the rest take their defaults or stay empty', async () => {
    const full = await sampleRecord(spec, admin);
    // References too: a record of its own canteen does not meet the school's seeded meal times.
    const minimal = Object.fromEntries([
      ...spec.fields.filter((field) => field.required || field.type === 'ref').map((field) => [field.key, full[field.key]]),
      ...(spec.details ?? []).filter((detail) => detail.min).map((detail) => [detail.key, full[detail.key]]),
    ]);
    const answer = await call(admin, 'POST', `${spec.api}/add`, minimal);
    expect(answer.body.success, answer.body.message).toBe(true);
    const record = (await get(admin, `${spec.api}/queryById?id=${answer.body.result.id}`)).body.result;
    // A field the form does not send and that has no default is the server's to fill (a job's next run).
    for (const field of spec.fields.filter(
      (candidate) =>
        !candidate.required && candidate.type !== 'ref' && !candidate.joined && !(candidate.form === false && candidate.default === undefined) && !FILLED_WHEN_BLANK.has(`${spec.id}.${candidate.key}`),
    )) {
      const expected = field.type === 'switch' ? Boolean(field.default) : (field.default ?? null);
      expect(record[field.key], field.key).toEqual(expected);
    }
  });

  it('pages, filters on each query field and sorts on each sortable field', async () => {
    const made = [await createRecord(spec), await createRecord(spec), await createRecord(spec)];
    const all = (await get(admin, `${spec.api}/list?pageSize=200`)).body.result;
    const paged = (await get(admin, `${spec.api}/list?pageNo=2&pageSize=2`)).body.result;
    expect(paged).toMatchObject({ total: all.total, size: 2, current: 2, pages: Math.ceil(all.total / 2) });
    expect(paged.records.length).toBe(Math.min(2, all.total - 2));

    const target = made[1]!;
    // A field the form does not set (a state the server keeps) is searched by its stored value.
    const stored = (await get(admin, `${spec.api}/queryById?id=${target.id}`)).body.result as Record<string, unknown>;
    // A field joined from elsewhere (a licence's due state) is in the list's rows, not the form's record.
    const listed = (all.records as Record<string, unknown>[]).find((row) => row.id === target.id) ?? {};
    for (const field of queryFields(spec)) {
      const value = target.values[field.key] ?? stored[field.key] ?? listed[field.key];
      // A value the record does not hold yet (an owner's access card before 发门禁卡) is searched elsewhere.
      if (value === null || value === undefined) continue;
      if (field.query === 'range') {
        // From–to around the value finds it; a range that ends before it does not.
        const inRange = (await get(admin, `${spec.api}/list?pageSize=200${NEWEST}&${field.key}_begin=${encodeURIComponent(String(value))}&${field.key}_end=${encodeURIComponent(String(value))}`)).body
          .result;
        expect(
          inRange.records.map((row: { id: string }) => row.id),
          field.key,
        ).toContain(target.id);
        expect(
          inRange.records.every((row: Record<string, unknown>) => String(row[field.key]) === String(field.type === 'money' ? Number(value) : value)),
          field.key,
        ).toBe(true);
        // A bound is a value of its field (a time range takes a day): anything else is a 400.
        const before = field.type === 'date' || field.type === 'datetime' ? '2000-01-01' : '0';
        expect(
          (await get(admin, `${spec.api}/list?pageSize=200&${field.key}_end=${before}`)).body.result.records.map((row: { id: string }) => row.id),
          field.key,
        ).not.toContain(target.id);
        continue;
      }
      const param = field.query === 'like' ? `*${String(value).slice(1)}*` : String(value);
      const filtered = (await get(admin, `${spec.api}/list?pageSize=200${NEWEST}&${field.key}=${encodeURIComponent(param)}`)).body.result;
      expect(
        filtered.records.map((row: { id: string }) => row.id),
        field.key,
      ).toContain(target.id);
      expect(
        filtered.records.every((row: Record<string, unknown>) =>
          field.query === 'like' ? String(row[field.key]).includes(String(param).replace(/\*/g, '')) : String(row[field.key]) === String(value),
        ),
        field.key,
      ).toBe(true);
    }
    for (const field of sortableFields(spec)) {
      for (const order of ['asc', 'desc'] as const) {
        const rows = (await get(admin, `${spec.api}/list?pageSize=200&column=${field.key}&order=${order}`)).body.result.records as Record<string, unknown>[];
        const values = rows.map((row) => row[field.key]).filter((value) => value !== null);
        const sorted = [...values].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
        if (order === 'desc') sorted.reverse();
        expect(values, `${field.key} ${order}`).toEqual(sorted);
      }
    }
    // An undeclared filter is ignored, an undeclared sort falls back to the default.
    expect((await get(admin, `${spec.api}/list?pageSize=200&delFlag=1&tenantId=21&column=tenantId`)).body.result.total).toBe(all.total);
  });

  // Records never changed once written (a score is revoked, not edited) have no edit route.
  it.runIf(spec.operations.includes('edit'))('edits through PUT and POST', async () => {
    const { id, values } = await createRecord(spec);
    // The label, or (a bill's number is the server's) the first text the form edits.
    const label = editedText(spec);
    for (const method of ['PUT', 'POST'] as const) {
      const changed = { ...values, id, [label]: `改${method}${counter}` };
      const answer = await call(admin, method, `${spec.api}/edit`, changed);
      expect(answer.body.success, answer.body.message).toBe(true);
      expect((await get(admin, `${spec.api}/queryById?id=${id}`)).body.result[label]).toBe(changed[label]);
    }
    const record = (await get(admin, `${spec.api}/queryById?id=${id}`)).body.result;
    expect(record.updateBy).toBe('admin');
  });

  it('refuses each missing required field, each bad dictionary value and each duplicate, naming the column', async () => {
    const base = await sampleRecord(spec, admin);
    const before = await rowsInTable(tableOf(spec));
    // What the form sends: a state the server keeps (a visit's status) is not the form's to give.
    const sent = spec.fields.filter((candidate) => candidate.form !== false);
    for (const field of sent.filter((candidate) => candidate.required)) {
      const answer = await call(admin, 'POST', `${spec.api}/add`, { ...base, [field.key]: '' });
      expect(answer.status, field.key).toBe(400);
      expect(answer.body.message, field.key).toContain(field.title['zh-CN']);
      expect(answer.body.message, field.key).toContain(`（${field.key}）`);
    }
    for (const field of sent.filter((candidate) => candidate.type === 'dict')) {
      const answer = await call(admin, 'POST', `${spec.api}/add`, { ...base, [field.key]: 'no-such-item' });
      expect(answer.status, field.key).toBe(400);
      expect(answer.body.message).toBe(`${field.title['zh-CN']}的取值不正确（${field.key}）`);
    }
    for (const field of spec.fields.filter((candidate) => candidate.preset)) {
      const answer = await call(admin, 'POST', `${spec.api}/add`, { ...base, [field.key]: '#bad!' });
      expect(answer.status, field.key).toBe(400);
      expect(answer.body.message).toBe(`${field.title['zh-CN']}的格式不正确（${field.key}）`);
    }
    for (const field of sent.filter((candidate) => candidate.type === 'ref')) {
      const answer = await call(admin, 'POST', `${spec.api}/add`, { ...base, [field.key]: 'no-such-record' });
      expect(answer.status, field.key).toBe(400);
      expect(answer.body.message).toBe(`所选${field.title['zh-CN']}不存在（${field.key}）`);
    }
    expect(await rowsInTable(tableOf(spec))).toBe(before);
    const { values } = await createRecord(spec);
    for (const field of spec.fields.filter((candidate) => candidate.unique)) {
      // A detail's values are unique within its master: the same master, then another one.
      const master = spec.parent ? { [spec.parent.field]: values[spec.parent.field] } : {};
      const again = await call(admin, 'POST', `${spec.api}/add`, { ...(await sampleRecord(spec, admin)), ...master, [field.key]: values[field.key] });
      expect(again.status, field.key).toBe(400);
      expect(again.body.message).toBe(`${field.title['zh-CN']}已存在（${field.key}）`);
    }
    // In English too.
    const blanked = spec.fields.find((field) => field.key === spec.labelField && field.form !== false && field.required) ?? sent.find((field) => field.required)!;
    const english = await t0.app.inject({ method: 'POST', url: `${BASE}${spec.api}/add`, headers: { 'X-Access-Token': admin, 'accept-language': 'en' }, payload: { ...base, [blanked.key]: '' } });
    expect(english.json().message).toContain(blanked.title.en);
  });

  it.runIf(spec.operations.includes('delete'))('deletes one and a batch (soft where the table keeps deleted rows: out of every answer)', async () => {
    const [a, b, c] = [await createRecord(spec), await createRecord(spec), await createRecord(spec)];
    expect((await call(admin, 'DELETE', `${spec.api}/delete?id=${a.id}`)).body.success).toBe(true);
    expect((await call(admin, 'DELETE', `${spec.api}/deleteBatch?ids=${b.id},${c.id},`)).body.success).toBe(true);
    for (const { id } of [a, b, c]) expect((await get(admin, `${spec.api}/queryById?id=${id}`)).status).toBe(404);
    const ids = (await get(admin, `${spec.api}/list?pageSize=200${NEWEST}`)).body.result.records.map((row: { id: string }) => row.id);
    expect(ids).not.toContain(a.id);
    // A deleted record's unique values may be used again.
    expect((await call(admin, 'POST', `${spec.api}/add`, a.values)).body.success).toBe(true);
  });

  it('asks for a session and for each button code', async () => {
    expect((await t0.app.inject({ method: 'GET', url: `${BASE}${spec.api}/list` })).statusCode).toBe(401);
    const reader = await roleWithUser(admin, `${spec.permissionPrefix}_reader`, [codes.read]);
    const { id, values } = await createRecord(spec);
    expect((await get(reader.token, `${spec.api}/list`)).status).toBe(200);
    expect((await call(reader.token, 'POST', `${spec.api}/add`, await sampleRecord(spec, admin))).status).toBe(403);
    const editing = spec.operations.includes('edit') ? 403 : 404;
    expect((await call(reader.token, 'PUT', `${spec.api}/edit`, { ...values, id })).status).toBe(editing);
    expect((await call(reader.token, 'POST', `${spec.api}/edit`, { ...values, id })).status).toBe(editing);
    // Without the delete operation there is no such route at all (a gate log is never deleted).
    const deleting = spec.operations.includes('delete') ? 403 : 404;
    expect((await call(reader.token, 'DELETE', `${spec.api}/delete?id=${id}`)).status).toBe(deleting);
    expect((await call(reader.token, 'DELETE', `${spec.api}/deleteBatch?ids=${id}`)).status).toBe(deleting);
    if (spec.operations.includes('export')) expect((await get(reader.token, `${spec.api}/exportXls`)).status).toBe(403);
    if (spec.operations.includes('import')) {
      expect((await get(reader.token, `${spec.api}/importTemplate`)).status).toBe(403);
      expect((await call(reader.token, 'POST', `${spec.api}/importExcel`, {})).status).toBe(403);
    }
    const canteenUser = await signIn(t0.app, 'canteen');
    const outsider = await roleWithUser(admin, `${spec.permissionPrefix}_outsider`, [otherScreen(spec)]);
    expect((await get(outsider.token, `${spec.api}/list`)).status).toBe(403);
    // The seeded canteen administrator works on the ordering screens.
    if (spec.id.startsWith('meals.')) expect((await get(canteenUser, `${spec.api}/list`)).status).toBe(200);
  });

  it.runIf(!spec.tenantScoped)('is shared by every school and changed by the platform only', async () => {
    const { id, values } = await createRecord(spec);
    expect((await get(otherSchool, `${spec.api}/queryById?id=${id}`)).status).toBe(200);
    for (const [method, url, body] of [
      ['POST', `${spec.api}/add`, await sampleRecord(spec, admin)],
      ['PUT', `${spec.api}/edit`, { ...values, id }],
      ['DELETE', `${spec.api}/delete?id=${id}`, undefined],
    ] as const) {
      const answer = await call(otherSchool, method, url, body);
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body.message).toBe('菜单、字典等为所有学校共用，只能由平台管理员修改');
    }
    expect((await get(admin, `${spec.api}/queryById?id=${id}`)).status).toBe(200);
  });

  it('is picked by a keyword over its text fields, showing what tells records apart, to whoever may pick it', async () => {
    const { id, values } = await createRecord(spec);
    const searched = spec.fields.find((field) => field.query === 'like' && field.form !== false);
    const keyword = searched ? String(values[searched.key]) : '';
    const picked = await get(admin, `${spec.api}/pick?pageSize=50&keyword=${encodeURIComponent(keyword)}`);
    expect(picked.status, picked.body.message).toBe(200);
    expect(picked.body.result.records.map((row: { id: string }) => row.id)).toContain(id);
    const allowed = new Set(['id', ...pickFields(spec).flatMap((field) => [field.key, `${field.key}_dictText`])]);
    for (const row of picked.body.result.records as Record<string, unknown>[]) expect(Object.keys(row).filter((key) => !allowed.has(key))).toEqual([]);
    expect(picked.body.result.records[0]).toHaveProperty(spec.labelField);
    if (searched) {
      // The same keyword through the list: any of the text fields holds it.
      const listed = (await get(admin, `${spec.api}/list?pageSize=200&keyword=${encodeURIComponent(keyword)}`)).body.result.records as Record<string, unknown>[];
      expect(listed.map((row) => row.id)).toContain(id);
      const texts = spec.fields.filter((field) => field.query === 'like');
      expect(listed.every((row) => texts.some((field) => String(row[field.key] ?? '').includes(keyword)))).toBe(true);
      expect((await get(admin, `${spec.api}/pick?keyword=${encodeURIComponent(`${keyword}-none-such`)}`)).body.result.total).toBe(0);
    }
    if (spec.tenantScoped) expect((await get(otherSchool, `${spec.api}/pick?pageSize=200`)).body.result.records.map((row: { id: string }) => row.id)).not.toContain(id);
    expect((await t0.app.inject({ method: 'GET', url: `${BASE}${spec.api}/pick` })).statusCode).toBe(401);
    const referrers = entities()
      .filter((other) => other.fields.some((field) => field.type === 'ref' && field.ref === spec.id))
      .map((other) => entityCodes(other).read);
    if (![entityCodes(spec).read, ...referrers].includes(otherScreen(spec))) {
      expect((await get(await outsiderOf(otherScreen(spec)), `${spec.api}/pick`)).status).toBe(403);
    }
  });

  it.runIf(spec.operations.includes('import'))('imports a good workbook whole, and nothing of one with a bad row', async () => {
    const header = importFields(spec).map((field) => `${field.required ? '*' : ''}${field.title['zh-CN']}`);
    const first = await sampleRecord(spec, admin);
    const second = await sampleRecord(spec, admin);
    const before = await rowsInTable(tableOf(spec));
    const good = await importSheet(admin, spec.api, header, [await sheetRow(spec, first), await sheetRow(spec, second)]);
    expect(good.body, good.body.message).toMatchObject({ success: true, message: '导入成功，共 2 行' });
    expect(await rowsInTable(tableOf(spec))).toBe(before + 2);
    const labels = (await get(admin, `${spec.api}/list?pageSize=200${NEWEST}`)).body.result.records.map((row: Record<string, unknown>) => row[spec.labelField]);
    expect(labels).toEqual(expect.arrayContaining([first[spec.labelField], second[spec.labelField]]));

    // The second data row (sheet line 3) misses a required field: neither row is written.
    const blanked = spec.fields.find((field) => field.required && field.form !== false && field.default === undefined)!;
    const third = await sampleRecord(spec, admin);
    const broken = { ...(await sampleRecord(spec, admin)), [blanked.key]: '' };
    const bad = await importSheet(admin, spec.api, header, [await sheetRow(spec, third), await sheetRow(spec, broken)]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(new RegExp(`^导入失败，未导入任何数据：第 3 行 .*${blanked.title['zh-CN'].replace(/[()（）/]/g, '.')}`));
    expect(await rowsInTable(tableOf(spec))).toBe(before + 2);
  });

  it.runIf(spec.tenantScoped)("keeps another school's rows invisible and untouchable", async () => {
    const { id, values } = await createRecord(spec);
    expect((await get(otherSchool, `${spec.api}/list?pageSize=200`)).body.result.records.map((row: { id: string }) => row.id)).not.toContain(id);
    expect((await get(otherSchool, `${spec.api}/queryById?id=${id}`)).status).toBe(404);
    const edit = await call(otherSchool, 'PUT', `${spec.api}/edit`, { ...values, id });
    expect(edit.status === 404 || edit.status === 400, edit.body.message).toBe(true);
    expect((await call(otherSchool, 'DELETE', `${spec.api}/delete?id=${id}`)).status).toBe(404);
    expect((await get(admin, `${spec.api}/queryById?id=${id}`)).status).toBe(200);
  });

  it.runIf(spec.fields.some((field) => field.restricted))('strips restricted columns for a role without them and keeps them on its edits', async () => {
    const restricted = spec.fields.filter((field) => field.restricted);
    const editor = await roleWithUser(admin, `${spec.permissionPrefix}_nocols`, [codes.read, codes.edit]);
    const { id, values } = await createRecord(spec);
    const seen = (await get(editor.token, `${spec.api}/queryById?id=${id}`)).body.result;
    for (const field of restricted) expect(seen, field.key).not.toHaveProperty(field.key);
    const listed = (await get(editor.token, `${spec.api}/list?pageSize=200${NEWEST}`)).body.result.records.find((row: { id: string }) => row.id === id);
    for (const field of restricted) expect(listed, field.key).not.toHaveProperty(field.key);
    const edited = await call(editor.token, 'PUT', `${spec.api}/edit`, { ...values, id, ...Object.fromEntries(restricted.map((field) => [field.key, null])) });
    expect(edited.body.success, edited.body.message).toBe(true);
    const after = (await get(admin, `${spec.api}/queryById?id=${id}`)).body.result;
    for (const field of restricted) expect(after[field.key], field.key).toEqual(field.type === 'money' ? Number(values[field.key]) : values[field.key]);
  });
});

describe('references between entities', () => {
  it('a canteen with a live store cannot be deleted; once the store is gone it can', async () => {
    const store = entityById('meals.store')!;
    const { values } = await createRecord(store);
    const canteenId = values.canteenId as string;
    const refused = await call(admin, 'DELETE', `/meals/canteen/delete?id=${canteenId}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('该食堂仍被档口使用，不能删除');
    const storeId = (await get(admin, `/meals/store/list?pageSize=200&canteenId=${canteenId}`)).body.result.records[0].id;
    await call(admin, 'DELETE', `/meals/store/delete?id=${storeId}`);
    expect((await call(admin, 'DELETE', `/meals/canteen/delete?id=${canteenId}`)).body.success).toBe(true);
  });

  it('money is exact in cents: 0.30 yuan is 30 cents, and 12.345 is refused', async () => {
    const store = entityById('meals.store')!;
    const base = await sampleRecord(store, admin);
    const { id } = await createRecord(store, admin, { ...base, fixedAmount: '0.30' });
    const [row] = await t0.db.select().from(t.mealStores).where(eq(t.mealStores.id, id));
    expect(row!.fixedAmount).toBe(30);
    const refused = await call(admin, 'POST', '/meals/store/add', { ...(await sampleRecord(store, admin)), fixedAmount: '12.345' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('定额金额应为金额，最多两位小数（fixedAmount）');
  });
});

describe('pickers', () => {
  it('the canteen office picks members for its allow-list without reading 人员管理, and sees no restricted column', async () => {
    const canteenUser = await signIn(t0.app, 'canteen');
    expect((await get(canteenUser, '/memb/member/list')).status).toBe(403);
    const picked = await get(canteenUser, '/memb/member/pick?keyword=T0&pageSize=5');
    expect(picked.status, picked.body.message).toBe(200);
    expect(picked.body.result.total).toBeGreaterThan(0);
    for (const row of picked.body.result.records as Record<string, unknown>[]) {
      expect(String(row.memberNo)).toContain('T0');
      expect(row).not.toHaveProperty('mobile');
      expect(row).not.toHaveProperty('cash');
      expect(row).not.toHaveProperty('idNo');
    }
  });
});

describe('sub-tables saved with their record', () => {
  const comboOf = async (dishes: unknown) => ({ ...(await sampleRecord(entityById('meals.combo')!, admin)), items: dishes });

  it('a combo and its dishes are written together, read back in order, and replaced on edit', async () => {
    const add = await call(
      admin,
      'POST',
      '/meals/combo/add',
      await comboOf([
        { dishName: '米饭', portion: '1 份' },
        { dishName: '红烧肉', portion: '100 g' },
      ]),
    );
    expect(add.body.success, add.body.message).toBe(true);
    const id = add.body.result.id;
    const read = (await get(admin, `/meals/combo/queryById?id=${id}`)).body.result;
    expect(read.items.map((row: Record<string, unknown>) => [row.dishName, row.portion])).toEqual([
      ['米饭', '1 份'],
      ['红烧肉', '100 g'],
    ]);
    const edited = await call(admin, 'PUT', '/meals/combo/edit', { ...read, items: [{ dishName: '炒饭', portion: null }] });
    expect(edited.body.success, edited.body.message).toBe(true);
    expect((await get(admin, `/meals/combo/queryById?id=${id}`)).body.result.items.map((row: Record<string, unknown>) => row.dishName)).toEqual(['炒饭']);
    const stored = await t0.db.select().from(t.mealComboItems).where(eq(t.mealComboItems.comboId, id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ tenantId: 0, sortNo: 1 });
    // Another school neither reads nor lists them.
    expect((await get(otherSchool, `/meals/combo/queryById?id=${id}`)).status).toBe(404);
  });

  it('refuses a combo without dishes, or with a dish row left blank, writing nothing', async () => {
    const before = await rowsInTable('meal_combo');
    const none = await call(admin, 'POST', '/meals/combo/add', await comboOf([]));
    expect(none).toMatchObject({ status: 400, body: { message: '套餐菜品至少1项（items）' } });
    const missing = await call(admin, 'POST', '/meals/combo/add', { ...(await comboOf([])), items: undefined });
    expect(missing.status).toBe(400);
    const blank = await call(admin, 'POST', '/meals/combo/add', await comboOf([{ dishName: '米饭' }, { dishName: '', portion: '1 份' }]));
    expect(blank).toMatchObject({ status: 400, body: { message: '请填写第 2 行 菜品（items.1.dishName）' } });
    expect(await rowsInTable('meal_combo')).toBe(before);
  });
});

describe('rules beside the declarations', () => {
  it('an allow-list entry may not end before it starts', async () => {
    const entry = await sampleRecord(entityById('meals.whiteList')!, admin);
    const backwards = await call(admin, 'POST', '/meals/whiteList/add', { ...entry, validFrom: '2026-12-01', validTo: '2026-11-30' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('失效日期不能早于生效日期（validTo）');
    expect((await call(admin, 'POST', '/meals/whiteList/add', { ...entry, validFrom: '2026-12-01', validTo: '2026-12-01' })).body.success).toBe(true);
  });

  it("lists and exports show a member's ID number masked; the form reads it whole", async () => {
    const member = await createRecord(entityById('members.member')!, admin, { ...(await sampleRecord(entityById('members.member')!, admin)), idNo: '320102200803141234' });
    const [row] = (await get(admin, `/memb/member/list?memberNo=${String(member.values.memberNo)}`)).body.result.records;
    expect(row.idNo).toBe('3201**********1234');
    expect((await get(admin, `/memb/member/queryById?id=${member.id}`)).body.result.idNo).toBe('320102200803141234');
  });

  it('the seed gives a school its member types and a few hundred members, each in a class or office', async () => {
    const types = (await get(admin, '/memb/memberType/list?pageSize=200&column=createTime&order=asc')).body.result.records.map((row: { name: string }) => row.name);
    expect(types).toEqual(expect.arrayContaining(['学生', '教职工', '家长', '访客']));
    const people = (await get(admin, '/memb/member/list?pageSize=10')).body.result;
    expect(people.total).toBeGreaterThanOrEqual(300);
    expect(people.records[0].deptId_dictText).toMatch(/班|处|室|组/);
    const staff = (await get(admin, '/memb/member/list?pageSize=100&memberNo=*T0*')).body.result.records;
    expect(staff.length).toBeGreaterThan(0);
    expect(staff.every((row: { memberTypeId_dictText: string }) => row.memberTypeId_dictText === '教职工')).toBe(true);
  });

  it('meal windows of one canteen must not overlap, and end after they start', async () => {
    const canteen = await createRecord(entityById('meals.canteen')!);
    const meal = (mealName: string, startTime: string, endTime: string) => ({
      mealName,
      mealType: '2',
      canteenId: canteen.id,
      startTime,
      endTime,
      orderMode: '1',
      orderDeadline: '09:00',
      noShowPolicy: '1',
      unorderedPolicy: '1',
      status: '1',
    });
    expect((await call(admin, 'POST', '/meals/config/add', meal('午餐', '11:00', '13:00'))).body.success).toBe(true);
    const overlap = await call(admin, 'POST', '/meals/config/add', meal('早午餐', '10:00', '11:30'));
    expect(overlap.status).toBe(400);
    expect(overlap.body.message).toBe('「早午餐」10:00–11:30 与「午餐」11:00–13:00 的就餐时段重叠（startTime）');
    const backwards = await call(admin, 'POST', '/meals/config/add', meal('夜宵', '22:00', '21:00'));
    expect(backwards.body.message).toBe('就餐结束时间须晚于开始时间（endTime）');
    // Touching windows are fine, and another canteen has its own.
    expect((await call(admin, 'POST', '/meals/config/add', meal('晚餐', '13:00', '14:00'))).body.success).toBe(true);
    const other = await createRecord(entityById('meals.canteen')!);
    expect((await call(admin, 'POST', '/meals/config/add', { ...meal('午餐', '11:00', '13:00'), canteenId: other.id })).body.success).toBe(true);
  });

  it('table numbers are unique within a canteen only', async () => {
    const [first, second] = [await createRecord(entityById('meals.canteen')!), await createRecord(entityById('meals.canteen')!)];
    const table = (canteenId: string) => ({ tableNo: 'A01', canteenId, seats: 4, tableType: '1', status: '1' });
    expect((await call(admin, 'POST', '/meals/table/add', table(first.id))).body.success).toBe(true);
    const again = await call(admin, 'POST', '/meals/table/add', table(first.id));
    expect(again.body.message).toBe('该食堂已有桌号 A01（tableNo）');
    expect((await call(admin, 'POST', '/meals/table/add', table(second.id))).body.success).toBe(true);
  });
});

describe('GET /sys/duplicate/check', () => {
  const check = (token: string, query: string) => get(token, `/sys/duplicate/check?${query}`);

  it("answers free or taken for every entity's unique fields, by table and column or field name, and for the system screens' own", async () => {
    const { id, values } = await createRecord(entityById('meals.canteen')!);
    const code = encodeURIComponent(String(values.code));
    expect((await check(admin, `tableName=meal_canteen&fieldName=code&fieldVal=${code}`)).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await check(admin, `tableName=meal_canteen&fieldName=code&fieldVal=${code}&dataId=${id}`)).body).toMatchObject({ success: true, message: '该值可用！' });
    expect((await check(admin, 'tableName=meal_canteen&fieldName=code&fieldVal=FREE-CODE')).body.success).toBe(true);
    expect((await check(admin, 'tableName=meal_canteen&fieldName=code&fieldVal=')).body.success).toBe(true);
    expect((await check(admin, 'tableName=sys_user&fieldName=username&fieldVal=admin')).body.success).toBe(false);
    expect((await check(admin, 'tableName=sys_role&fieldName=role_code&fieldVal=admin')).body.success).toBe(false);
    // JeecgBoot's own client names its tables: sys_dict is our dictionaries, sys_depart_role our department roles.
    expect((await check(admin, 'tableName=sys_dict&fieldName=dict_code&fieldVal=sex')).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await check(admin, 'tableName=sys_dict&fieldName=dict_code&fieldVal=no_such_dict')).body).toMatchObject({ success: true, message: '该值可用！' });
    expect((await check(admin, 'tableName=sys_depart_role&fieldName=role_code&fieldVal=no_such_role')).body.success).toBe(true);
    // Another school's codes are its own.
    expect((await check(otherSchool, `tableName=meal_canteen&fieldName=code&fieldVal=${code}`)).body.success).toBe(true);
  });

  it('refuses pairs nobody declared (no raw names reach SQL) and callers without the screen', async () => {
    const undeclared = await check(admin, 'tableName=sys_user&fieldName=password_hash&fieldVal=x');
    expect(undeclared.status).toBe(400);
    expect(undeclared.body.message).toBe('不支持校验该字段（sys_user.password_hash）');
    expect((await check(admin, `tableName=${encodeURIComponent('users; drop table users')}&fieldName=id&fieldVal=x`)).status).toBe(400);
    const canteenUser = await signIn(t0.app, 'canteen');
    expect((await check(canteenUser, 'tableName=sys_user&fieldName=username&fieldVal=admin')).status).toBe(403);
    expect((await check(canteenUser, 'tableName=meal_canteen&fieldName=code&fieldVal=x')).status).toBe(200);
  });

  it('tells nothing about a hidden column', async () => {
    const reader = await roleWithUser(admin, 'dupcheck_reader', ['system:users']);
    await call(admin, 'POST', '/sys/user/add', { username: 'dup.phone', realname: '号码', password: 'Clerk-Pass-61', phone: '13700001111' });
    expect((await check(reader.token, 'tableName=sys_user&fieldName=phone&fieldVal=13700001111')).body.success).toBe(true);
    expect((await check(admin, 'tableName=sys_user&fieldName=phone&fieldVal=13700001111')).body.success).toBe(false);
  });
});

describe('export to the download centre', () => {
  /** Waits until the caller's newest download job has finished, and answers it. */
  async function finished(token: string): Promise<{ id: string; status: string; url: string | null; fileName: string; rows: number }> {
    for (let i = 0; i < 100; i += 1) {
      const [job] = (await get(token, '/syz/download/list?pageSize=1')).body.result.records;
      if (job && job.status !== '0') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the export did not finish');
  }
  /** The workbook's one sheet: its name, every row's cell values as text, and the sheet itself. */
  async function workbookOf(token: string, url: string) {
    const response = await t0.app.inject({ method: 'GET', url: `${BASE}${url}`, headers: { 'X-Access-Token': token } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
    return { sheet, rows };
  }
  /** The header and data rows (the title and query lines above, the 合计 and signature lines below, left out). */
  async function sheetOf(token: string, url: string): Promise<string[][]> {
    const { rows } = await workbookOf(token, url);
    const end = rows.findIndex((row, index) => index > 2 && (row[0] === '合计' || row.every((cell) => cell === '')));
    return rows.slice(2, end === -1 ? undefined : end);
  }

  it('exports past its batches of 1000 rows without losing rows that share a millisecond', async () => {
    // 1,200 log rows written within one millisecond, a microsecond apart: every batch ends inside it.
    await t0.db.execute(
      sql`insert into sys_operation_log (tenant_id, username, operate_type, request_method, route, request_url, cost_ms, status, success, created_at)
          select 0, 'batchtest', '7', 'POST', '/x', '/x', 1, 200, true, timestamptz '2020-01-01 00:00:00+00' + n * interval '1 microsecond' from generate_series(1, 1200) n`,
    );
    expect((await get(admin, '/sys/operationLog/list?username=batchtest&pageSize=1')).body.result.total).toBe(1200);
    await get(admin, '/sys/operationLog/exportXls?username=batchtest');
    const rows = await sheetOf(admin, (await finished(admin)).url!);
    expect(rows.length - 1).toBe(1200);
  });

  it.each(
    entities()
      .filter((spec) => spec.operations.includes('export'))
      .map((spec) => [spec.id, spec] as const),
  )('%s: exports what the list shows, with Chinese headers and texts', async (_id, spec) => {
    // A read-only entity exports what the seed made; the others a record of their own. Records without a
    // range show today's (充值记录, 消费记录, 进出记录): after the school's midnight — a run may cross it —
    // those of the day the sample school was lived to, asked for as a clerk would.
    const readOnly = !spec.operations.includes('add');
    const query = readOnly ? await seededQuery(spec) : '';
    const made = readOnly
      ? {
          id: (await get(admin, `${spec.api}/list?pageSize=1&${query}`)).body.result.records[0].id as string,
          values: (await get(admin, `${spec.api}/list?pageSize=1&${query}`)).body.result.records[0] as Record<string, unknown>,
        }
      : await createRecord(spec);
    // A log (操作日志) grows while the export runs — requests are logged after their answer — so the file
    // holds what the list held at some moment between the two counts.
    const totalBefore = (await get(admin, `${spec.api}/list?pageSize=1&${query}`)).body.result.total as number;
    const started = await get(admin, `${spec.api}/exportXls?${query}`);
    expect(started.body).toMatchObject({ success: true, message: '导出任务已创建，完成后可在下载中心下载' });
    const job = await finished(admin);
    expect(job).toMatchObject({ status: '1' });
    expect(job.fileName).toMatch(new RegExp(`^${spec.title['zh-CN']}_\\d{12}\\.xlsx$`));
    const { sheet, rows: all } = await workbookOf(admin, job.url!);
    // The screen's title names the sheet and heads it; the query it was made with comes next.
    expect(sheet.name).toBe(spec.screen.title['zh-CN']);
    expect(all[0]![0]).toBe(spec.screen.title['zh-CN']);
    expect(all[1]![0]).toMatch(query ? new RegExp(`：${seededDay()}.* ~ ${seededDay()}.*制表时间`) : /查询条件：全部.*制表时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
    const rows = await sheetOf(admin, job.url!);
    expect(rows[0]).toEqual(spec.fields.filter((field) => field.list !== false).map((field) => field.title['zh-CN']));
    const totalAfter = (await get(admin, `${spec.api}/list?pageSize=1&${query}`)).body.result.total as number;
    expect(rows.length - 1).toBeGreaterThanOrEqual(totalBefore);
    expect(rows.length - 1).toBeLessThanOrEqual(totalAfter);
    if (spec.operations.includes('add')) expect(rows.length - 1).toBe(totalAfter);
    // Only the selected rows, when some are selected.
    await get(admin, `${spec.api}/exportXls?selections=${made.id}&${query}`);
    const selected = await sheetOf(admin, (await finished(admin)).url!);
    expect(selected.length).toBe(2);
    const label = spec.fields.filter((field) => field.list !== false).findIndex((field) => field.key === spec.labelField);
    // As the list shows it: a number the server gave, a reference by its label.
    const shown = (await get(admin, `${spec.api}/queryById?id=${made.id}`)).body.result as Record<string, unknown>;
    expect(selected[1]![label]).toBe(String(shown[`${spec.labelField}_dictText`] ?? shown[spec.labelField]));
  });

  it('a financial export: money as numbers shown #,##0.00, the query in words, the screen’s order, its 合计 and the lines to sign', async () => {
    const list = (await get(admin, '/memb/balance/list?pageSize=200&column=balance&order=desc&balance_begin=1')).body.result;
    await get(admin, '/memb/balance/exportXls?column=balance&order=desc&balance_begin=1');
    const { sheet, rows } = await workbookOf(admin, (await finished(admin)).url!);
    expect(rows[1]![0]).toContain('单位：元');
    const header = rows[2]!;
    const balance = header.indexOf('余额合计') + 1;
    const data = rows.slice(3, 3 + list.total);
    // The list's order (余额合计 going down), as the screen showed it.
    expect(data.map((row) => Number(row[balance - 1]))).toEqual(list.records.map((record: { balance: number }) => record.balance));
    const firstMoney = sheet.getRow(4).getCell(balance);
    expect(typeof firstMoney.value).toBe('number');
    expect(firstMoney.numFmt).toBe('#,##0.00');
    // The 合计 line is the screen's, then the signatures.
    const totalRow = rows[3 + list.total]!;
    expect(totalRow[0]).toBe('合计');
    expect(Number(totalRow[balance - 1])).toBeCloseTo(list.footer.balance, 2);
    expect(rows.at(-1)![0]).toMatch(/^制表：\s+审核：\s+负责人：$/);
    // A filter is said in words.
    expect(rows[1]![0]).toMatch(/余额合计：1 ~ /);
  });

  it("honours filters, needs the export button, and a file is its owner's only", async () => {
    await get(admin, '/meals/store/exportXls?storeType=5');
    const rows = await sheetOf(admin, (await finished(admin)).url!);
    const typeColumn = rows[0]!.indexOf('档口类型');
    expect(rows.slice(1).every((row) => row[typeColumn] === '清真')).toBe(true);
    expect(rows.length).toBeGreaterThan(1);
    const reader = await roleWithUser(admin, 'export_reader', ['meals:stores']);
    expect((await get(reader.token, '/meals/store/exportXls')).status).toBe(403);
    const job = await finished(admin);
    const stranger = await t0.app.inject({ method: 'GET', url: `${BASE}${job.url}`, headers: { 'X-Access-Token': reader.token } });
    expect(stranger.statusCode).toBe(404);
    expect((await get(reader.token, '/syz/download/list')).body.result.records).toEqual([]);
  });
});

describe('import from Excel', () => {
  it('gives a template whose headers are the form fields, required ones starred', async () => {
    const response = await t0.app.inject({ method: 'GET', url: `${BASE}/meals/store/importTemplate`, headers: { 'X-Access-Token': admin } });
    expect(response.statusCode).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const header = (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(entityById('meals.store')!.fields.map((field) => `${field.required ? '*' : ''}${field.title['zh-CN']}`));
  });

  it('imports every row, reading dictionary texts and reference names, or none when one row is bad', async () => {
    const header = ['*档口名称', '*档口编码', '*所属食堂', '*档口类型', '*消费模式', '*状态', '定额金额', '允许记账消费'];
    const good = await importSheet(admin, '/meals/store', header, [
      ['导入一号', 'IMP-1', '第一食堂', '风味', '定额', '启用', 6.5, '是'],
      ['导入二号', 'IMP-2', '第二食堂（清真）', '清真', '自由金额', '停用', '', '否'],
    ]);
    expect(good.body, good.body.message).toMatchObject({ success: true, message: '导入成功，共 2 行' });
    const imported = (await get(admin, '/meals/store/list?pageSize=200&name=*导入*')).body.result.records;
    expect(
      imported
        .map((row: { code: string; canteenId_dictText: string; storeType_dictText: string; fixedAmount: number | null; allowCredit: boolean }) => [
          row.code,
          row.canteenId_dictText,
          row.storeType_dictText,
          row.fixedAmount,
          row.allowCredit,
        ])
        .sort(),
    ).toEqual([
      ['IMP-1', '第一食堂', '风味', 6.5, true],
      ['IMP-2', '第二食堂（清真）', '清真', null, false],
    ]);

    const before = await rowsInTable('meal_store');
    const bad = await importSheet(admin, '/meals/store', header, [
      ['导入三号', 'IMP-3', '第一食堂', '风味', '定额', '启用', 6.5, '是'],
      ['导入四号', 'IMP-4', '不存在的食堂', '风味', '定额', '启用', 6.5, '是'],
      ['导入五号', 'IMP-1', '第一食堂', '风味', '定额', '启用', 12.345, '是'],
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('导入失败，未导入任何数据：第 3 行 所属食堂：找不到「不存在的食堂」；第 4 行 定额金额应为金额，最多两位小数');
    expect(await rowsInTable('meal_store')).toBe(before);
    // A duplicate within the school is found row by row in the one transaction.
    const duplicate = await importSheet(admin, '/meals/store', header, [['导入六号', 'IMP-2', '第一食堂', '风味', '定额', '启用', '', '']]);
    expect(duplicate.body.message).toBe('导入失败，未导入任何数据：第 2 行 档口编码已存在（code）');
    expect(await rowsInTable('meal_store')).toBe(before);
  });

  it('refuses unknown columns, needs the import button', async () => {
    const unknown = await importSheet(admin, '/meals/canteen', ['食堂名称', '密码'], [['甲', 'x']]);
    expect(unknown.body.message).toBe('第 1 行的列「密码」不是食堂的字段');
    const reader = await roleWithUser(admin, 'import_reader', ['meals:canteens']);
    expect((await importSheet(reader.token, '/meals/canteen', ['食堂名称'], [['甲']])).status).toBe(403);
  });
});
