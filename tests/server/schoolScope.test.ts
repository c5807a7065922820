/**
 * The school-scoped unit of work and the database behind it, on PGlite and PostgreSQL alike:
 * every school table has its policies (enumerated from the catalogue, so a new table cannot slip
 * through); with the application's own school conditions switched off, a school's real code —
 * the engine's edit, delete and flow action, and the unit of work's reads and writes — reads and
 * writes nothing of another school. Then the outbox: an effect queued in the action's transaction
 * is delivered once, a failing one is retried with backoff until it is kept as failed and can be
 * retried by hand, and two deliverers racing deliver each effect once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { inSchool, schoolReads, scopeProof } from '@server/db/work';
import { rowsOf } from '@server/db/rows';
import { backoffSeconds, deliverOne, OUTBOX_ATTEMPTS, outboxHandler, retryEffect } from '@server/outbox/deliver';
import { apiOf } from '../support/api';
import { openSocket } from '../support/sockets';
import { createTestApp, signIn, startSecondInstance, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
let other: string;
let otherId: string;
const OTHER = 48;
const { call, get, secondSchool } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  ({ token: other, userId: otherId } = await secondSchool(OTHER, 'school48'));
});
afterAll(async () => t0?.close());

/** Runs with the application's school conditions left out: only the database keeps the schools apart. */
async function withoutFilters<T>(run: () => Promise<T>): Promise<T> {
  scopeProof.filtersOff = true;
  try {
    return await run();
  } finally {
    scopeProof.filtersOff = false;
  }
}

describe('the database keeps the schools apart', () => {
  it('every table with a school column has row-level security, forced, and the school policy', async () => {
    const tables = await rowsOf<{ name: string; enabled: boolean; forced: boolean; policies: string | null }>(
      t0.db,
      sql`select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
                 (select string_agg(policyname, ',' order by policyname) from pg_policies p where p.tablename = c.relname and p.schemaname = 'public') as policies
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
           where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    );
    expect(tables.length).toBeGreaterThan(100);
    const unguarded = tables.filter((table) => !table.enabled || !table.forced || !(table.policies ?? '').split(',').includes('school_rows'));
    expect(unguarded.map((table) => table.name)).toEqual([]);
    // The ledger, the people and the outbox are among them.
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['fin_entry', 'memb_account', 'memb_member', 'users', 'sys_outbox']));
    // A view reads as its reader (its owner is held by the policies and would read nothing).
    const views = await rowsOf<{ name: string }>(
      t0.db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'v' and not coalesce(c.reloptions @> array['security_invoker=true'], false)`,
    );
    expect(views).toEqual([]);
  });

  it('platform work is its own role; a school’s unit of work runs as the role the policies hold', async () => {
    const [platform] = await rowsOf<{ role: string }>(t0.db, sql`select current_user as role`);
    expect(platform!.role).toBe('ccu_platform');
    const inside = await inSchool(
      t0.db,
      { tenantId: OTHER, username: 'school48' },
      async (work) => (await rowsOf<{ role: string; school: string }>(work.tx, sql`select current_user as role, current_setting('app.tenant_id') as school`))[0],
    );
    expect(inside).toEqual({ role: 'ccu_app', school: String(OTHER) });
    // Back to platform work once the transaction ends (the pool's connection is not left as the school's).
    const [after] = await rowsOf<{ role: string }>(t0.db, sql`select current_user as role`);
    expect(after!.role).toBe('ccu_platform');
  });

  it('with the application’s filters off, a school reads and writes nothing of another school', async () => {
    const [member] = await t0.db
      .select()
      .from(t.members)
      .where(and(eq(t.members.tenantId, 0), eq(t.members.delFlag, 0)))
      .limit(1);
    expect(member).toBeDefined();
    const everyone = await t0.db.select({ id: t.members.id }).from(t.members);
    expect(everyone.length).toBeGreaterThan(1);

    await withoutFilters(async () => {
      // The unit of work's own reads, counts, locks, changes and removals.
      const seen = await inSchool(t0.db, { tenantId: OTHER, username: 'school48' }, async (work) => ({
        rows: await work.rows(t.members),
        count: await work.count(t.members),
        one: await work.one(t.members, member!.id),
        locked: await work.lock(t.members, member!.id),
        changed: await work.update(t.members, { realName: '被改了' }, eq(t.members.id, member!.id)),
        removed: await work.remove(t.members, eq(t.members.id, member!.id)),
        raw: await rowsOf<{ n: number }>(work.tx, sql`select count(*)::int as n from memb_member`),
      }));
      expect(seen).toEqual({ rows: [], count: 0, one: undefined, locked: [], changed: [], removed: 0, raw: [{ n: 0 }] });
      // Reads outside a transaction: on PostgreSQL each statement takes a school connection, held by
      // the policies too (on PGlite's one connection only the unit of work's conditions hold them).
      if (t0.kind === 'postgres') {
        const reads = schoolReads(t0.db, { tenantId: OTHER, username: 'school48' });
        expect({ rows: await reads.rows(t.members), one: await reads.one(t.members, member!.id), raw: await rowsOf<{ n: number }>(reads.tx, sql`select count(*)::int as n from memb_member`) }).toEqual(
          {
            rows: [],
            one: undefined,
            raw: [{ n: 0 }],
          },
        );
        const opened = await reads.tx.transaction(async () => undefined).catch((error: Error & { cause?: Error }) => error.cause?.message ?? error.message);
        expect(opened).toMatch(/opens no transaction/);
      }
      // A row written for another school by hand is refused by the database.
      const refused = await inSchool(t0.db, { tenantId: OTHER, username: 'school48' }, (work) =>
        work.tx.insert(t.recordHistory).values({ tenantId: 0, entity: 'member', recordId: member!.id, action: 'edit', operator: 'school48' }),
      ).catch((error: Error & { cause?: Error }) => error.cause?.message ?? error.message);
      expect(refused).toMatch(/row-level security/);

      // The engine's real routes, as the other school's administrator asks for the first school's member.
      const edited = await call(other, 'PUT', '/memb/member/edit', {
        id: member!.id,
        memberNo: member!.memberNo,
        realName: '越校修改',
        sex: member!.sex,
        memberTypeId: member!.memberTypeId,
        deptId: member!.deptId,
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(404);
      const deleted = await call(other, 'DELETE', `/memb/member/delete?id=${member!.id}`);
      expect(deleted.status).toBe(404);

      // The engine's reads: a list page with its count, a picker's page, a record by id.
      const theirs = new Set((await t0.db.select({ id: t.members.id }).from(t.members).where(eq(t.members.tenantId, OTHER))).map((row) => row.id));
      const listed = await get(other, '/memb/member/list?pageSize=100');
      expect(listed.body.success, listed.body.message).toBe(true);
      const listedIds = (listed.body.result.records as { id: string }[]).map((record) => record.id);
      expect(listedIds.filter((id) => !theirs.has(id))).toEqual([]);
      expect(listed.body.result.total).toBeLessThanOrEqual(theirs.size);
      const picked = await get(other, '/memb/member/pick?pageSize=50');
      expect((picked.body.result.records as { id: string }[]).filter((record) => !theirs.has(record.id))).toEqual([]);
      expect((await get(other, `/memb/member/queryById?id=${member!.id}`)).status).toBe(404);
    });
    const [after] = await t0.db.select().from(t.members).where(eq(t.members.id, member!.id));
    expect(after).toMatchObject({ realName: member!.realName, delFlag: 0, tenantId: 0 });
  });

  it('with the filters off, a flow action on another school’s record finds none, and queues nothing', async () => {
    const added = await call(admin, 'POST', '/sys/annountCement/add', { titile: '越校测试通告', msgContent: '<p>内容</p>', msgCategory: '1', msgType: 'ALL', priority: 'M' });
    expect(added.body.success, added.body.message).toBe(true);
    const [notice] = await t0.db.select().from(t.announcements).where(eq(t.announcements.titile, '越校测试通告'));
    const queuedBefore = await t0.db.select().from(t.outbox);
    const released = await withoutFilters(() => get(other, `/sys/annountCement/doReleaseData?id=${notice!.id}`));
    expect(released.status).toBe(404);
    expect(await t0.db.select().from(t.outbox)).toHaveLength(queuedBefore.length);
    const [still] = await t0.db.select().from(t.announcements).where(eq(t.announcements.id, notice!.id));
    expect(still!.sendStatus).toBe(notice!.sendStatus);
  });
});

describe('effects after the commit go through the outbox', () => {
  it('a release queues its notice in the action’s transaction and delivers it at once', async () => {
    const added = await call(admin, 'POST', '/sys/annountCement/add', { titile: '发布测试通告', msgContent: '<p>内容</p>', msgCategory: '1', msgType: 'ALL', priority: 'M' });
    const [notice] = await t0.db.select().from(t.announcements).where(eq(t.announcements.titile, '发布测试通告'));
    expect(added.body.success).toBe(true);
    const told: unknown[] = [];
    const stop = t0.bus.subscribe('notices:0', (event) => told.push(event));
    const released = await get(admin, `/sys/annountCement/doReleaseData?id=${notice!.id}`);
    expect(released.body.success, released.body.message).toBe(true);
    const [effect] = await t0.db
      .select()
      .from(t.outbox)
      .where(sql`${t.outbox.payload}->'event'->'message'->>'msgId' = ${notice!.id}`);
    expect(effect).toMatchObject({ tenantId: 0, kind: 'notice.tell', state: 'done', attempts: 1, createBy: 'admin' });
    await expect.poll(() => told.length).toBeGreaterThan(0);
    stop();
  });

  it('an effect delivered after the answer tells its school’s consoles which lists it changed, and no other school', async () => {
    outboxHandler('test.rename', async (context, item) => {
      await inSchool(context.db, { tenantId: item.tenantId, username: 'system' }, (work) => work.update(t.roles, { description: '由后台任务改写' }, eq(t.roles.roleCode, 'admin')));
    });
    const [me] = await t0.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.username, 'admin'));
    const mine = await openSocket(t0.app, `/ccu-boot/websocket/${me!.id}`, { 'sec-websocket-protocol': admin });
    const theirs = await openSocket(t0.app, `/ccu-boot/websocket/${otherId}`, { 'sec-websocket-protocol': other });
    const id = await inSchool(t0.db, { tenantId: 0, username: 'admin' }, (work) => work.later({ kind: 'test.rename', payload: {} }));
    // Delivered by the worker's hand, with no request around it.
    expect(await deliverOne(t0.app.appContext, id)).toMatchObject({ id });
    expect(await mine.next()).toEqual(expect.objectContaining({ cmd: 'changed', kinds: ['roles', 'system.role'] }));
    expect(theirs.received).toEqual([]);
    mine.ws.close();
    theirs.ws.close();
  });

  it('a failing effect is retried after a growing pause, kept as failed after its last attempt, and retried by hand', async () => {
    let calls = 0;
    outboxHandler('test.flaky', async () => {
      calls += 1;
      throw new Error('短信网关无响应');
    });
    const id = await inSchool(t0.db, { tenantId: 0, username: 'admin' }, (work) => work.later({ kind: 'test.flaky', payload: {} }));
    const first = await deliverOne(t0.app.appContext, id);
    expect(first).toMatchObject({ id, error: '短信网关无响应' });
    const [waiting] = await rowsOf<{ state: string; attempts: number; wait: number }>(
      t0.db,
      sql`select state, attempts, extract(epoch from next_at - now())::int as wait from sys_outbox where id = ${id}`,
    );
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 });
    expect(waiting!.wait).toBeGreaterThan(backoffSeconds(1) - 3);
    // Not due yet: nobody takes it.
    expect(await deliverOne(t0.app.appContext, id)).toBeNull();
    for (let attempt = 2; attempt <= OUTBOX_ATTEMPTS; attempt += 1) {
      await t0.db
        .update(t.outbox)
        .set({ nextAt: new Date(Date.now() - 1000) })
        .where(eq(t.outbox.id, id));
      await deliverOne(t0.app.appContext, id);
    }
    const [failed] = await t0.db.select().from(t.outbox).where(eq(t.outbox.id, id));
    expect(failed).toMatchObject({ state: 'failed', attempts: OUTBOX_ATTEMPTS, lastError: '短信网关无响应' });
    expect(calls).toBe(OUTBOX_ATTEMPTS);
    // Shown on 服务器信息, and retried from there.
    const shown = (await get(admin, '/monitor/outbox')).body.result;
    expect(shown.failed).toEqual(expect.arrayContaining([expect.objectContaining({ id, kind: 'test.flaky', lastError: '短信网关无响应', attempts: OUTBOX_ATTEMPTS })]));
    expect((await call(other, 'POST', '/monitor/outbox/retry', { id })).status).toBe(403);
    const retried = await call(admin, 'POST', '/monitor/outbox/retry', { id });
    expect(retried.body.success, retried.body.message).toBe(true);
    const [again] = await t0.db.select().from(t.outbox).where(eq(t.outbox.id, id));
    expect(again).toMatchObject({ state: 'queued', attempts: 0 });
    await t0.db.update(t.outbox).set({ state: 'done' }).where(eq(t.outbox.id, id));
    expect(await retryEffect(t0.app.appContext, null, id)).toBe(false);
  });

  it('two deliverers racing deliver each effect once', async () => {
    const delivered = new Map<number, number>();
    outboxHandler('test.count', async (_context, item) => {
      delivered.set(item.id, (delivered.get(item.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
    });
    const ids = await inSchool(t0.db, { tenantId: 0, username: 'admin' }, async (work) => {
      const queued: number[] = [];
      for (let i = 0; i < 30; i += 1) queued.push(await work.later({ kind: 'test.count', payload: { i } }));
      return queued;
    });
    const drain = async () => {
      while (await deliverOne(t0.app.appContext));
    };
    await Promise.all([drain(), drain(), drain()]);
    expect(ids.map((id) => delivered.get(id))).toEqual(ids.map(() => 1));
    const left = await t0.db
      .select()
      .from(t.outbox)
      .where(and(eq(t.outbox.kind, 'test.count'), eq(t.outbox.state, 'queued')));
    expect(left).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('two server instances on one PostgreSQL deliver each effect once', async () => {
    const delivered = new Map<number, number>();
    outboxHandler('test.instances', async (_context, item) => {
      delivered.set(item.id, (delivered.get(item.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
    });
    const second = await startSecondInstance(t0);
    try {
      const ids = await inSchool(t0.db, { tenantId: 0, username: 'admin' }, async (work) => {
        const queued: number[] = [];
        for (let i = 0; i < 40; i += 1) queued.push(await work.later({ kind: 'test.instances', payload: { i } }));
        return queued;
      });
      const drain = async (context: typeof t0.app.appContext) => {
        while (await deliverOne(context));
      };
      await Promise.all([drain(t0.app.appContext), drain(second.app.appContext), drain(t0.app.appContext), drain(second.app.appContext)]);
      expect(ids.map((id) => delivered.get(id))).toEqual(ids.map(() => 1));
    } finally {
      await second.close();
    }
  });
});
