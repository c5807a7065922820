/**
 * A flow action's input that names another record (a time group, a class, a person) names one of
 * the caller's school, on PGlite and PostgreSQL — as add and edit check a record's fields. Swept
 * over every reference input of every declared action: another school's record, or none, is a 400
 * naming the input, and the record acted on is left as it was. Then 门禁授权 itself (the finding):
 * another school's time group grants no one; the school's own does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as t from '@server/db/schema';
import { accessGrants } from '@areas/access/server/tables';
import { liveRows, registeredEntity } from '@server/crud/registerEntity';
import { flowActions, type FlowActionSpec } from '@shared/engine/flow';
import type { FieldSpec } from '@shared/engine/spec';
import { flowEntities } from '@shared/entities';
import { DEFAULT_TIME_ZONE, dayIn } from '@shared/schoolTime';
import { apiOf } from '../support/api';
import { createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
let otherSchool: string;
const OTHER = 47;
const { call, get, secondSchool } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  otherSchool = (await secondSchool(OTHER, 'school47')).token;
});
afterAll(async () => t0?.close());

/** Every reference among the declared actions' inputs (and their lines' inputs). */
const REF_INPUTS = flowEntities().flatMap((spec) =>
  flowActions(spec).flatMap(({ action, route }) => [
    ...(action.input ?? []).filter((field) => field.type === 'ref').map((field) => ({ spec, action, route, field, line: false })),
    ...(action.lines?.fields ?? []).filter((field) => field.type === 'ref').map((field) => ({ spec, action, route, field, line: true })),
  ]),
);

/** The first enabled item of a dictionary. */
async function dictValue(code: string): Promise<string> {
  const [row] = await t0.db
    .select({ value: t.dictionaryItems.itemValue })
    .from(t.dictionaryItems)
    .innerJoin(t.dictionaries, eq(t.dictionaries.id, t.dictionaryItems.dictId))
    .where(and(eq(t.dictionaries.dictCode, code), eq(t.dictionaryItems.status, '1')))
    .orderBy(t.dictionaryItems.sortOrder)
    .limit(1);
  if (!row) throw new Error(`dictionary ${code} has no items`);
  return row.value;
}

/** A live record of an entity in a school, read through its registered table. */
async function rowOf(entity: string, tenantId: number, where?: SQL): Promise<Record<string, unknown> | undefined> {
  const target = registeredEntity(entity);
  if (!target) throw new Error(`${entity} is not registered`);
  const [row] = await t0.db
    .select()
    .from(target.table as PgTable)
    .where(and(liveRows(target.spec, target.table, tenantId), where))
    .limit(1);
  return row as Record<string, unknown> | undefined;
}

/** A record of another school: one of the sample school's, copied into it (a new id, the same data). */
const foreign = new Map<string, string>();
async function foreignId(entity: string): Promise<string> {
  const known = foreign.get(entity);
  if (known) return known;
  const target = registeredEntity(entity)!;
  const row = await rowOf(entity, 0);
  if (!row) throw new Error(`the sample school has no ${entity} to copy`);
  const id = `other${OTHER}-${entity.replace(/\W/g, '')}`;
  await t0.db.insert(target.table as PgTable).values({ ...row, id, ...(target.table.tenantId ? { tenantId: OTHER } : {}) });
  foreign.set(entity, id);
  return id;
}

/** A value each input takes, so the request reaches its references: the declared default, a day, an amount… */
async function sampleOf(field: FieldSpec): Promise<unknown> {
  if (field.default !== undefined && field.default !== null) return field.default;
  if (field.type === 'ref') return field.required ? String((await rowOf(field.ref!, 0))!.id) : undefined;
  if (field.type === 'dict') return dictValue(field.dict!);
  if (field.type === 'date') return dayIn(DEFAULT_TIME_ZONE);
  if (field.type === 'datetime') return `${dayIn(DEFAULT_TIME_ZONE)} 08:00:00`;
  if (field.type === 'money' || field.type === 'quantity' || field.type === 'number') return '1';
  if (field.type === 'switch') return false;
  if (field.preset === 'ym') return '2026-11';
  if (field.preset === 'm') return '13800138000';
  return '测试';
}
const samples = async (fields: readonly FieldSpec[]) => Object.fromEntries(await Promise.all(fields.map(async (field) => [field.key, await sampleOf(field)] as const)));

/** The action's request with one reference input set to `value` (the others as a caller fills them). */
async function requestWith(action: FlowActionSpec, field: FieldSpec, line: boolean, recordId: string, value: string) {
  const body: Record<string, unknown> = {
    id: recordId,
    ...(await samples(action.input ?? [])),
    ...(action.ledger ? { idempotencyKey: `refs${Date.now()}${Math.random().toString(36).slice(2, 8)}` } : {}),
  };
  if (action.lines) body.lines = [{ id: 'no-such-line', ...(await samples(action.lines.fields)), ...(line ? { [field.key]: value } : {}) }];
  if (!line) body[field.key] = value;
  return body;
}

describe('every reference input of every flow action', () => {
  it('covers the reference inputs the product declares, each served by the engine’s route', () => {
    expect(REF_INPUTS.length).toBeGreaterThanOrEqual(11);
    for (const { spec, action, field } of REF_INPUTS) {
      // A route of the ledger's own (\`ledger: true\`) does not run the engine's input checks: a reference there would need its own.
      expect(action.ledger === true, `${spec.id}.${action.id}`).toBe(false);
      expect(registeredEntity(field.ref!), `${spec.id}.${action.id}.${field.key} → ${field.ref}`).toBeDefined();
    }
  });

  it.each(REF_INPUTS.map((one) => [`${one.spec.id}.${one.action.id} ${one.field.key}`, one] as const))(
    '%s refuses another school’s record and a missing one, and changes nothing',
    async (_name, { spec, action, route, field, line }) => {
      const record = await rowOf(spec.id, 0);
      expect(record, `the sample school has a ${spec.id} to act on`).toBeDefined();
      const recordId = String(record!.id);
      const before = (await get(admin, `${spec.api}/queryById?id=${recordId}`)).body.result;
      const message = line ? `第 1 行 所选${field.title['zh-CN']}不存在（lines）` : `所选${field.title['zh-CN']}不存在（${field.key}）`;
      for (const value of [await foreignId(field.ref!), 'no-such-record']) {
        const answer = await call(admin, 'POST', route, await requestWith(action, field, line, recordId, value));
        expect([answer.status, answer.body.message], `${field.key}=${value}`).toEqual([400, message]);
      }
      expect((await get(admin, `${spec.api}/queryById?id=${recordId}`)).body.result).toEqual(before);
    },
  );
});

describe('门禁授权 (POST /acs/door/grant)', () => {
  it('refuses another school’s time group and grants no one; takes the school’s own', async () => {
    const group = await call(otherSchool, 'POST', '/acs/timeGroup/add', { name: '他校时段', weekdays: '1,2,3,4,5', period1Start: '07:00', period1End: '18:00', holidayPolicy: '2' });
    expect(group.body.success, group.body.message).toBe(true);
    const theirs = String((await rowOf('access.timeGroup', OTHER))!.id);
    const door = (await rowOf('access.door', 0, eq((registeredEntity('access.door')!.table as unknown as { status: PgColumn }).status, '1')))!;
    const [pupil] = await t0.db
      .select({ id: t.members.id, deptId: t.members.deptId })
      .from(t.members)
      .where(and(eq(t.members.tenantId, 0), eq(t.members.delFlag, 0), eq(t.members.memberStatus, '1')))
      .limit(1);
    const terms = { ids: [door.id], grantScope: '3', memberId: pupil!.id, authType: '1', startDate: dayIn(DEFAULT_TIME_ZONE), passModes: '1' };
    const grantsWith = async (timeGroupId: string) => (await t0.db.select({ id: accessGrants.id }).from(accessGrants).where(eq(accessGrants.timeGroupId, timeGroupId))).length;

    for (const preview of ['?preview=1', '']) {
      const refused = await call(admin, 'POST', `/acs/door/grant${preview}`, { ...terms, timeGroupId: theirs });
      expect([refused.status, refused.body.message]).toEqual([400, '所选时间组不存在（timeGroupId）']);
    }
    expect(await grantsWith(theirs)).toBe(0);
    // In English too, naming the input.
    const english = await call(admin, 'POST', '/acs/door/grant', { ...terms, timeGroupId: theirs }, { 'accept-language': 'en' });
    expect(english.body.message).toBe('The chosen time group does not exist (timeGroupId)');

    const ours = String((await rowOf('access.timeGroup', 0))!.id);
    const granted = await call(admin, 'POST', '/acs/door/grant', { ...terms, timeGroupId: ours });
    expect(granted.body.success, granted.body.message).toBe(true);
    const [row] = await t0.db
      .select({ timeGroupId: accessGrants.timeGroupId })
      .from(accessGrants)
      .where(and(eq(accessGrants.doorId, String(door.id)), eq(accessGrants.memberId, pupil!.id), eq(accessGrants.delFlag, 0)));
    expect(row?.timeGroupId).toBe(ours);
  });
});

describe('a ledger action named by its card’s number', () => {
  it('柜台消费 (POST /pay/consume, as a terminal names the card) books to the school’s own canteen and store only', async () => {
    const pay = (extra: Record<string, unknown>) =>
      call(admin, 'POST', '/pay/consume', { idempotencyKey: `refs-${Object.keys(extra).join('-')}-${Date.now()}`, cardNo: '99999999', amount: '1', ...extra });
    const canteen = await pay({ canteenId: await foreignId('meals.canteen') });
    expect([canteen.status, canteen.body.message]).toEqual([400, '所选食堂不存在（canteenId）']);
    const store = await pay({ storeId: await foreignId('meals.store') });
    expect([store.status, store.body.message]).toEqual([400, '所选档口不存在（storeId）']);
    // The school's own canteen passes: the card is what is then missing.
    const own = await pay({ canteenId: String((await rowOf('meals.canteen', 0))!.id) });
    expect(own.body.message).toBe('卡片不存在');
  });
});
