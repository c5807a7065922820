/**
 * Every declared flow action's route, on PGlite and PostgreSQL, refuses what no caller may do: a
 * caller without the action's code (403), no record named (400), a record that does not exist
 * (404), several rows for a one-row action (400), and another school's record (404) — before any
 * state is read. Each action's happy path and its state refusals are tested where the screen lives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityCodes } from '@shared/engine/derive';
import { flowActions, type FlowActionSpec } from '@shared/engine/flow';
import type { FieldSpec } from '@shared/engine/spec';
import { flowEntities } from '@shared/entities';
import { apiOf } from '../support/api';
import { createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
let reader: string;
let otherSchool: string;
const { call, get, roleWithUser, secondSchool } = apiOf(() => t0);

/** A value each input takes, so the request reaches the record: a reason, a date, a line. */
function sampleOf(field: FieldSpec): unknown {
  if (field.default !== undefined && field.default !== null) return field.default;
  if (field.type === 'date') return '2026-11-26';
  if (field.type === 'datetime') return '2026-11-26 08:00:00';
  if (field.type === 'money' || field.type === 'quantity' || field.type === 'number') return '1';
  if (field.type === 'switch') return false;
  if (field.preset === 'ym') return '2026-11';
  if (field.preset === 'm') return '13800138000';
  if (field.preset === 'cardNo') return '99990001';
  if (field.preset === 'physNo') return 'ABCD0001';
  return '测试';
}
const inputsOf = (action: FlowActionSpec) => ({
  ...Object.fromEntries((action.input ?? []).map((field) => [field.key, sampleOf(field)])),
  ...(action.lines ? { lines: [{ id: 'no-such-line', ...Object.fromEntries(action.lines.fields.map((field) => [field.key, sampleOf(field)])) }] } : {}),
  // The ledger's: a request key of the caller's.
  ...(action.ledger ? { idempotencyKey: `flowtest${action.id}00000001` } : {}),
});

const ACTIONS = flowEntities().flatMap((spec) => flowActions(spec).map(({ action, route, code }) => ({ spec, action, route, code })));

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  // Sees every flow's screen, may run none of its actions.
  reader = (await roleWithUser(admin, 'flowreader', [...new Set(flowEntities().map((spec) => entityCodes(spec).read))])).token;
  otherSchool = (await secondSchool(41, 'school41')).token;
});
afterAll(async () => t0?.close());

describe('every flow action’s route', () => {
  it.each(ACTIONS.map((one) => [`${one.spec.id}.${one.action.id}`, one] as const))(
    '%s refuses without its code, without a record, for a missing one and for another school’s',
    async (_name, { spec, action, route }) => {
      expect((await call(reader, 'POST', route, { id: 'no-such-record' })).status).toBe(403);
      // The ledger's routes check their own input first (an idempotency key); the engine's are tested to the letter.
      if (!action.ledger) {
        const none = await call(admin, 'POST', route, {});
        // One that names its records by an input when none is selected (生成账单's 账期) asks for either.
        const byInput = action.byInput && action.input?.find((field) => field.key === action.byInput);
        expect([none.status, none.body.message]).toEqual([400, byInput ? `请选择记录，或填写${byInput.title['zh-CN']}` : '请选择一条记录']);
        if (!action.many) expect((await call(admin, 'POST', route, { ids: ['a', 'b'] })).body.message).toBe('请只选择一条记录');
      }
      const missing = await call(admin, 'POST', route, { id: 'no-such-record', ...inputsOf(action) });
      expect(missing.status, missing.body.message).toBe(404);
      if (!spec.tenantScoped) return;
      // A record of the sample school is nothing to another school's administrator.
      const [record] = (await get(admin, `${spec.api}/list?pageSize=1`)).body.result.records;
      if (!record) return;
      const foreign = await call(otherSchool, 'POST', route, { id: record.id, ...inputsOf(action) });
      expect(foreign.status, foreign.body.message).toBe(404);
    },
  );

  it('covers every action the product declares', () => {
    expect(ACTIONS.length).toBeGreaterThan(35);
  });
});
