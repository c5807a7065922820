/**
 * 车辆管理 and 挪车管理 through their routes, on PGlite and on PostgreSQL: a plate read as it is written
 * (upper case, no spaces), checked, once in the school; a car past its validity 过期, 续期 only later,
 * 拉黑 and 解除拉黑; a 挪车 request matched to the registered car's owner, who is texted (not twice in
 * five minutes); an unregistered plate refused a text and closed as 无法联系.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { apiOf } from '../support/api';
import { createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get } = apiOf(() => t0);
const today = dayIn(DEFAULT_TIME_ZONE);
const outbox = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-sms-')), 'sms-outbox.log');
const sent = () => (fs.existsSync(outbox) ? fs.readFileSync(outbox, 'utf8') : '');

beforeAll(async () => {
  t0 = await createTestApp({ sms: { driver: 'log', outbox } });
  admin = await signIn(t0.app, 'admin');
});
afterAll(async () => t0?.close());

const carOf = async (plate: string) => (await get(admin, `/prop/car/list?plateNo=${encodeURIComponent(plate)}`)).body.result.records[0] as Record<string, unknown> & { id: string };
const requestOf = async (plate: string) =>
  (await get(admin, `/prop/moveCar/list?plateNo=${encodeURIComponent(plate)}&column=billNo&order=desc`)).body.result.records[0] as Record<string, unknown> & { id: string };

describe('车辆管理', () => {
  it('reads a plate as written, once in the school, and refuses one that is not a plate', async () => {
    const car = { plateColor: '1', carType: '3', ownerName: '周老师', mobile: '13912340001', validTo: addDays(today, 30) };
    const added = await call(admin, 'POST', '/prop/car/add', { ...car, plateNo: '粤 b·54321' });
    expect(added.body.success, added.body.message).toBe(true);
    expect(await carOf('粤B54321')).toMatchObject({ plateNo: '粤B54321', status: '1' });
    expect((await call(admin, 'POST', '/prop/car/add', { ...car, plateNo: '粤B54321' })).body.message).toBe('车牌 粤B54321 已登记');
    expect((await call(admin, 'POST', '/prop/car/add', { ...car, plateNo: 'B54321' })).body.message).toBe('车牌号的格式不正确（plateNo）');
    const late = await call(admin, 'POST', '/prop/car/add', { ...car, plateNo: '粤B54322', validTo: addDays(today, -1) });
    expect(late.body.success, late.body.message).toBe(true);
    expect(await carOf('粤B54322')).toMatchObject({ status: '2' });
  });

  it('renews only later, blocks with a reason and lets a car in again', async () => {
    const late = await carOf('粤B54322');
    expect((await call(admin, 'POST', '/prop/car/renew', { ids: [late.id], validTo: addDays(today, -2) })).body.message).toBe('新有效期不能早于今天');
    expect((await call(admin, 'POST', '/prop/car/renew', { ids: [late.id], validTo: addDays(today, 90) })).body.success).toBe(true);
    expect(await carOf('粤B54322')).toMatchObject({ status: '1', validTo: addDays(today, 90) });
    expect((await call(admin, 'POST', '/prop/car/block', { id: late.id, blockReason: '占用消防通道' })).body.success).toBe(true);
    expect(await carOf('粤B54322')).toMatchObject({ status: '3', blockReason: '占用消防通道' });
    expect((await call(admin, 'POST', '/prop/car/renew', { ids: [late.id], validTo: addDays(today, 120) })).status).toBe(400);
    expect((await call(admin, 'POST', '/prop/car/unblock', { id: late.id })).body.success).toBe(true);
    expect(await carOf('粤B54322')).toMatchObject({ status: '1', blockReason: null });
  });
});

describe('挪车管理', () => {
  it('matches the plate to its owner and texts them, not twice in five minutes', async () => {
    const asked = await call(admin, 'POST', '/prop/moveCar/add', { plateNo: '粤b54321', location: '图书馆门口', reason: '1', applicantName: '钱老师', applicantMobile: '13912340009', notifyWay: '1' });
    expect(asked.body.success, asked.body.message).toBe(true);
    const request = await requestOf('粤B54321');
    expect(request).toMatchObject({ ownerName: '周老师', ownerMobile: '13912340001', status: '0' });
    expect(String(request.billNo)).toMatch(/^NC\d{8}\d{4}$/);
    expect((await call(admin, 'POST', '/prop/moveCar/notify', { id: request.id })).body.success).toBe(true);
    expect(sent()).toContain('13912340001');
    expect(sent()).toContain('您的车辆 粤B54321 停放在 图书馆门口');
    expect(await requestOf('粤B54321')).toMatchObject({ status: '1', notifyCount: 1 });
    expect((await call(admin, 'POST', '/prop/moveCar/notify', { id: request.id })).body.message).toBe('5 分钟内已通知过车主，请稍后再试');
    expect((await call(admin, 'POST', '/prop/moveCar/moved', { ids: [request.id] })).body.success).toBe(true);
    expect(await requestOf('粤B54321')).toMatchObject({ status: '3', handledBy: 'admin' });
  });

  it('cannot text the owner of an unregistered plate: it is closed as 无法联系', async () => {
    await call(admin, 'POST', '/prop/moveCar/add', { plateNo: '京A00001', location: '南门', reason: '3', applicantName: '保安', applicantMobile: '13912340010', notifyWay: '1' });
    const request = await requestOf('京A00001');
    expect(request).toMatchObject({ ownerName: null, status: '0' });
    expect((await call(admin, 'POST', '/prop/moveCar/notify', { id: request.id })).body.message).toBe('车牌 京A00001 未登记，无法通知车主；请电话联系或标记无法联系');
    expect((await call(admin, 'POST', '/prop/moveCar/unreachable', { id: request.id, remark: '已通知保卫处拖车' })).body.success).toBe(true);
    expect(await requestOf('京A00001')).toMatchObject({ status: '4', remark: '已通知保卫处拖车' });
  });
});
