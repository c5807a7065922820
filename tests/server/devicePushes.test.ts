/**
 * 设备下发 through its routes, on PGlite and on PostgreSQL, with a test playing the terminal: a task
 * made into one item per device and person, taken by the terminal through its signed API (each item
 * once, again only after its lease), answered (a failure queued again until the third), counted on
 * the task (下发中 → 部分失败), 重试失败项 and 取消 — and another terminal can neither take nor answer
 * what is not its own.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { PUSH_ATTEMPTS, PUSH_LEASE_MS } from '@server/modules/devices/pushes';
import { pushSigningText, type PushAnswer } from '@shared/terminal';
import { apiOf } from '../support/api';
import { takeHeaders } from '../support/gate';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get } = apiOf(() => t0);
const terminals: { id: string; serial: string; secret: string }[] = [];
let classId: string;

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  for (const serial of ['POS0101', 'POS0102']) {
    const [device] = await t0.db.select().from(t.devices).where(eq(t.devices.serialNo, serial));
    const secret = (await call(admin, 'POST', '/dev/device/issueKey', { id: device!.id })).body.result.secret as string;
    terminals.push({ id: device!.id, serial, secret });
  }
  // A class whose pupils carry live cards.
  const [held] = await t0.db
    .select({ deptId: t.members.deptId })
    .from(t.cards)
    .innerJoin(t.members, eq(t.members.id, t.cards.memberId))
    .where(and(eq(t.cards.cardStatus, '1'), eq(t.members.memberStatus, '1')))
    .limit(1);
  classId = held!.deptId;
});
afterAll(async () => t0?.close());

/** The terminal's signed request: its serial, the time and the HMAC of the signing text. */
async function asTerminal(terminal: (typeof terminals)[number], url: string, answers: PushAnswer[] = [], secret = terminal.secret) {
  if (url === '/terminal/push/pending') {
    const taken = await t0.app.inject({ method: 'POST', url: `${BASE}${url}`, headers: takeHeaders({ serial: terminal.serial, secret }, url), payload: {} });
    return { status: taken.statusCode, body: taken.json() };
  }
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', secret)
    .update(pushSigningText(terminal.serial, timestamp, answers))
    .digest('hex');
  const response = await t0.app.inject({
    method: 'POST',
    url: `${BASE}${url}`,
    headers: { 'x-terminal-serial': terminal.serial, 'x-timestamp': timestamp, 'x-signature': signature },
    payload: answers.length ? { results: answers } : {},
  });
  return { status: response.statusCode, body: response.json() };
}
const taskOf = async (id: string) => (await get(admin, `/dev/push/queryById?id=${id}`)).body.result;

describe('设备下发', () => {
  it('makes a task into items, which the terminal takes once, answers, and the task counts', async () => {
    const [pos] = terminals;
    // What waits for the terminal already (the sample school's tasks) is taken out of the way.
    for (;;) {
      const waiting = (await asTerminal(pos!, '/terminal/push/pending')).body.result as { itemId: string }[];
      if (!waiting.length) break;
      await asTerminal(
        pos!,
        '/terminal/push/ack',
        waiting.map((item) => ({ itemId: item.itemId, success: true })),
      );
    }
    expect((await call(admin, 'POST', '/dev/push/add', { pushType: '4', targetMode: '3', addDel: '1' })).body.message).toBe('门禁权限和时段由门禁管理授权后自动下发');
    expect((await call(admin, 'POST', '/dev/push/add', { pushType: '1', targetMode: '1', addDel: '1' })).body.message).toBe('请选择要下发的设备');
    const made = await call(admin, 'POST', '/dev/push/add', { pushType: '1', targetMode: '1', deviceId: pos!.id, deptId: classId, addDel: '1' });
    expect(made.body.success, made.body.message).toBe(true);
    const taskId = made.body.result.id as string;
    const carded = await t0.db
      .selectDistinct({ id: t.members.id })
      .from(t.members)
      .innerJoin(t.cards, and(eq(t.cards.memberId, t.members.id), inArray(t.cards.cardStatus, ['1', '3'])))
      .where(and(eq(t.members.deptId, classId), eq(t.members.memberStatus, '1')));
    let task = await taskOf(taskId);
    // 待下发 until a terminal takes some of it.
    expect(task).toMatchObject({ status: '0', total: carded.length, success: 0, failed: 0 });
    expect(task.taskNo).toMatch(/^XD\d{12}$/);

    // A bad signature takes nothing.
    expect((await asTerminal(pos!, '/terminal/push/pending', [], 'not-the-key')).status).toBe(401);
    const taken = (await asTerminal(pos!, '/terminal/push/pending')).body.result as { itemId: string; taskId: string; memberNo: string; cardNo: string; action: string }[];
    expect(taken).toHaveLength(carded.length);
    expect(taken[0]).toMatchObject({ taskId, action: 'upsert', type: '1' });
    expect(taken[0]!.cardNo).toBeTruthy();
    expect((await taskOf(taskId)).status).toBe('1');
    // Taken once: asked again within the lease, nothing.
    expect((await asTerminal(pos!, '/terminal/push/pending')).body.result).toEqual([]);

    // Another terminal can neither take nor answer them.
    const other = terminals[1]!;
    expect(((await asTerminal(other, '/terminal/push/pending')).body.result as { taskId: string }[]).filter((item) => item.taskId === taskId)).toEqual([]);
    expect((await asTerminal(other, '/terminal/push/ack', [{ itemId: taken[0]!.itemId, success: true }])).body.result).toEqual({ accepted: 0 });

    // All taken but one: the one fails, is queued again, and fails for good at the third try.
    const [failing, ...rest] = taken;
    expect(
      (
        await asTerminal(
          pos!,
          '/terminal/push/ack',
          rest.map((item) => ({ itemId: item.itemId, success: true })),
        )
      ).body.result,
    ).toEqual({ accepted: rest.length });
    for (let attempt = 1; attempt <= PUSH_ATTEMPTS; attempt += 1) {
      if (attempt > 1) expect(((await asTerminal(pos!, '/terminal/push/pending')).body.result as { itemId: string }[]).map((item) => item.itemId)).toEqual([failing!.itemId]);
      await asTerminal(pos!, '/terminal/push/ack', [{ itemId: failing!.itemId, success: false, message: '存储已满' }]);
    }
    task = await taskOf(taskId);
    expect(task).toMatchObject({ status: '3', success: rest.length, failed: 1 });
    const [failed] = await t0.db.select().from(t.pushItems).where(eq(t.pushItems.id, failing!.itemId));
    expect(failed).toMatchObject({ status: '3', retries: PUSH_ATTEMPTS, errMsg: '存储已满' });
    // A retried answer changes nothing.
    expect((await asTerminal(pos!, '/terminal/push/ack', [{ itemId: failing!.itemId, success: true }])).body.result).toEqual({ accepted: 0 });

    // 重试失败项: queued again, taken and done.
    expect((await call(admin, 'POST', '/dev/push/retryFailed', { id: taskId })).body.success).toBe(true);
    expect((await taskOf(taskId)).status).toBe('1');
    const again = (await asTerminal(pos!, '/terminal/push/pending')).body.result as { itemId: string }[];
    expect(again.map((item) => item.itemId)).toEqual([failing!.itemId]);
    await asTerminal(pos!, '/terminal/push/ack', [{ itemId: failing!.itemId, success: true }]);
    expect(await taskOf(taskId)).toMatchObject({ status: '2', success: carded.length, failed: 0 });
  });

  it('sends an item again when its lease runs out unanswered, and 取消 withdraws what was not sent', async () => {
    const [pos] = terminals;
    const made = await call(admin, 'POST', '/dev/push/add', { pushType: '7', targetMode: '3', addDel: '1' });
    expect(made.body.success, made.body.message).toBe(true);
    const taskId = made.body.result.id as string;
    const devicesInUse = await t0.db
      .select()
      .from(t.devices)
      .where(and(eq(t.devices.status, '1'), eq(t.devices.tenantId, 0)));
    expect(await taskOf(taskId)).toMatchObject({ total: devicesInUse.length });
    const mine = ((await asTerminal(pos!, '/terminal/push/pending')).body.result as { itemId: string; taskId: string; meals: unknown[] }[]).filter((item) => item.taskId === taskId);
    expect(mine).toHaveLength(1);
    expect(Array.isArray(mine[0]!.meals)).toBe(true);
    // Unanswered past its lease: taken again.
    await t0.db
      .update(t.pushItems)
      .set({ sentTime: new Date(Date.now() - PUSH_LEASE_MS - 1000) })
      .where(eq(t.pushItems.id, mine[0]!.itemId));
    expect(((await asTerminal(pos!, '/terminal/push/pending')).body.result as { itemId: string }[]).map((item) => item.itemId)).toContain(mine[0]!.itemId);

    const cancelled = await call(admin, 'POST', '/dev/push/cancel', { id: taskId });
    expect(cancelled.body.success, cancelled.body.message).toBe(true);
    expect((await taskOf(taskId)).status).toBe('5');
    const left = await t0.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.pushItems)
      .where(and(eq(t.pushItems.taskId, taskId), inArray(t.pushItems.status, ['0', '1'])));
    expect(left[0]!.n).toBe(0);
    expect(((await asTerminal(pos!, '/terminal/push/pending')).body.result as { taskId: string }[]).filter((item) => item.taskId === taskId)).toEqual([]);
  });
});
