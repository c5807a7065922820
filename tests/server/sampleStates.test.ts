/**
 * The sample school in every state (issue 51): each state a flow declares (the dictionary of each
 * of its `flow.status` fields) has a record in the sample school, so a clerk sees what each looks
 * like and what comes next. The states it does not show yet are named below, each one; the list
 * only shrinks — a state the sample stops showing, or a new flow's state, fails here until it is
 * lived or named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { rowsOf } from '@server/db/rows';
import { registeredEntities } from '@server/crud/entity/registry';
import { createTestApp, type TestApp } from '../support/testApp';

/** Kinds of a posting, not states of a record: every kind is not expected in a school's month. */
const NOT_STATES = new Set(['txn_type']);

/**
 * States a record holds only while its background run is in flight (or after a crash cut the run
 * short): a graduation being run (处理中), a refund batch being paid (退款中), a text handed to the
 * gateway and not yet answered (已提交). A sample school at rest cannot hold one without faking the
 * crash; their own tests show each while its run is in flight.
 */
const IN_FLIGHT: Readonly<Record<string, readonly string[]>> = {
  'members.graduation.status': ['2'], // 2 处理中
  'meals.refundBatch.refundStatus': ['1'], // 1 退款中
  'messages.smsLog.status': ['1'], // 1 已提交
};

let t0: TestApp;
beforeAll(async () => {
  t0 = await createTestApp();
});
afterAll(async () => {
  await t0?.close();
});

describe('the sample school’s states', () => {
  it('has a record in every state each flow declares, but those held only while a run is in flight', async () => {
    const missing: string[] = [];
    const stale: string[] = [];
    let states = 0;
    for (const { spec, table } of registeredEntities()) {
      for (const key of spec.flow?.status ?? []) {
        const field = spec.fields.find((one) => one.key === key);
        const column = (table as unknown as Record<string, PgColumn | undefined>)[key];
        if (field?.type !== 'dict' || !field.dict || NOT_STATES.has(field.dict) || !column) continue;
        const items = await rowsOf<{ value: string }>(
          t0.db,
          sql`select i.item_value as value from dictionary_items i join dictionaries d on d.id = i.dict_id where d.dict_code = ${field.dict} and d.del_flag = 0`,
        );
        const shown = new Set(
          (
            await rowsOf<{ value: string }>(
              t0.db,
              sql`select distinct ${sql.identifier(column.name)}::text as value from ${sql.identifier(getTableName(table))} where ${table.tenantId ? sql`tenant_id = 0` : sql`true`}`,
            )
          ).map((row) => row.value),
        );
        states += items.length;
        const named = IN_FLIGHT[`${spec.id}.${key}`] ?? [];
        for (const { value } of items) {
          if (!shown.has(value) && !named.includes(value)) missing.push(`${spec.id}.${key} = ${value}`);
          // A named state the sample now shows comes off the list.
          if (shown.has(value) && named.includes(value)) stale.push(`${spec.id}.${key} = ${value}`);
        }
      }
    }
    expect(states).toBeGreaterThan(250);
    expect(missing).toEqual([]);
    expect(stale).toEqual([]);
  });
});
