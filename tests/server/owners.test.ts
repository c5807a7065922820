/**
 * 业主管理 through its routes, on PGlite and on PostgreSQL: a resident is kept with their houses;
 * 发门禁卡 gives a card number no one else in the school holds (another owner's or a member's card
 * is refused), a second card replaces the first; 迁出 records the day and takes the card away.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { apiOf } from '../support/api';
import { createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
});
afterAll(async () => t0?.close());

describe('业主管理', () => {
  it('issues an access card no one else holds, replaces it, and takes it away when the resident moves out', async () => {
    const added = await call(admin, 'POST', '/prop/owner/add', { name: '周立新', mobile: '13700009901', ownerRole: '3', houses: '7栋1单元0901', moveInDate: '2026-09-01' });
    expect(added.body.success, added.body.message).toBe(true);
    const id = added.body.result.id as string;
    const issue = (cardNo: string) => call(admin, 'POST', '/prop/owner/issueCard', { id, cardNo });
    expect((await issue('12')).body.message).toBe('门禁卡号应为4到20位数字');
    // Another owner's card, and a member's card, are someone else's.
    expect((await issue('88000101')).body.message).toBe('该门禁卡号已被使用');
    const [memberCard] = await t0.db.select({ cardNo: t.cards.cardNo }).from(t.cards).limit(1);
    expect((await issue(memberCard!.cardNo)).body.message).toBe('该门禁卡号已被使用');
    expect((await issue('88009901')).body.message).toBe('门禁卡已发放');
    expect((await issue('88009902')).body.success).toBe(true);
    const history = (await get(admin, `/sys/recordHistory/list?entity=members.owner&id=${id}`)).body.result;
    expect(history[0]).toMatchObject({ action: 'issueCard', note: '换发，原卡 88009901 失效' });

    expect((await call(admin, 'POST', '/prop/owner/moveOut', { id })).body.message).toBe('请填写迁出日期（moveOutDate）');
    expect((await call(admin, 'POST', '/prop/owner/moveOut', { id, moveOutDate: '2026-11-20' })).body.message).toBe('已迁出');
    const [row] = await t0.db.select().from(t.owners).where(eq(t.owners.id, id));
    expect(row).toMatchObject({ status: '3', moveOutDate: '2026-11-20', accessCardNo: null });
    expect((await issue('88009903')).body.message).toBe('「周立新」当前状态为已迁出，不能发门禁卡');
    // The card it held is free again.
    const other = (await get(admin, '/prop/owner/list?name=刘芳')).body.result.records[0];
    expect((await call(admin, 'POST', '/prop/owner/issueCard', { id: other.id, cardNo: '88009902' })).body.success).toBe(true);
  });
});
