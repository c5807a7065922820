/**
 * 车辆管理 and 挪车管理 through their routes, on PGlite and on PostgreSQL: a plate read as it is written
 * (upper case, no spaces), checked, once in the school; a car past its validity 过期, 续期 only later,
 * 拉黑 and 解除拉黑; a 挪车 request matched to the registered car's owner, who is texted (not twice in
 * five minutes); an unregistered plate refused a text and closed as 无法联系; a repair order from its
 * report through dispatch, the work, its fee charged once into 缴费记录, to its rating; a complaint
 * accepted, handed over, answered, followed up and closed; a customer made a resident once; a
 * second-hand item on sale once another person audits it; a listing likewise, its deal changing the
 * house; notices published and pinned one at a time; topics audited, their comments counted and
 * removed with a reason.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { pushSigningText, type PushAnswer } from '@shared/terminal';
import { entityCodes } from '@shared/engine/derive';
import { secondhand } from '@areas/property/shared/entities/secondhand';
import { listing } from '@areas/property/shared/entities/listing';
import { topic } from '@areas/property/shared/entities/topic';
import { apiOf } from '../../../../../tests/support/api';
import { takeHeaders } from '../../../../../tests/support/gate';
import { BASE, createTestApp, signIn, type TestApp } from '../../../../../tests/support/testApp';

let t0: TestApp;
let admin: string;
const { call, get, roleWithUser } = apiOf(() => t0);
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

describe('下发道闸', () => {
  it('sends the cars as they are to the barriers, which take and answer them through the gate API; each change sends itself', async () => {
    const [barrier] = (await get(admin, `/acs/door/list?name=${encodeURIComponent('南门车行道闸')}`)).body.result.records as { id: string; serialNo: string }[];
    const key = { serial: barrier!.serialNo, secret: (await call(admin, 'POST', '/acs/door/issueKey', { id: barrier!.id })).body.result.secret as string };
    const signed = (text: string, timestamp: string) => ({
      'content-type': 'application/json',
      'x-terminal-serial': key.serial,
      'x-timestamp': timestamp,
      'x-signature': createHmac('sha256', key.secret).update(text).digest('hex'),
    });
    const pending = async () => {
      const response = await t0.app.inject({ method: 'POST', url: `${BASE}/gate/plates/pending`, headers: takeHeaders(key, '/gate/plates/pending'), payload: {} });
      return response.json().result as { itemId: string; plateNo: string; action: string; list?: string }[];
    };
    const ack = async (results: PushAnswer[]) => {
      const timestamp = String(Date.now());
      const response = await t0.app.inject({ method: 'POST', url: `${BASE}/gate/plates/ack`, headers: signed(pushSigningText(key.serial, timestamp, results), timestamp), payload: { results } });
      return response.json();
    };
    await pending();
    const allowed = await carOf('粤B54321');
    const blocked = await carOf('粤B54322');
    const sent = await call(admin, 'POST', '/prop/car/push', { ids: [allowed.id, blocked.id] });
    expect(sent.body.success, sent.body.message).toBe(true);
    const taskNo = /XD\d+/.exec(sent.body.message)![0];
    const taken = await pending();
    expect(taken.map((item) => [item.plateNo, item.action, item.list]).sort()).toEqual([
      ['粤B54321', 'upsert', 'white'],
      ['粤B54322', 'upsert', 'white'],
    ]);
    // Taken once: asked again, nothing waits.
    expect(await pending()).toEqual([]);
    expect((await ack(taken.map((item) => ({ itemId: item.itemId, success: true })))).result.accepted).toBe(2);
    const [task] = (await get(admin, `/dev/push/list?taskNo=${taskNo}`)).body.result.records;
    expect(task).toMatchObject({ pushType: '8', total: 2, success: 2, status: '2' });
    const items = (await get(admin, `/dev/pushItem/list?taskId=${task.id}`)).body.result.records as { subjectLabel: string; status: string }[];
    expect(items.map((item) => [item.subjectLabel, item.status]).sort()).toEqual([
      ['粤B54321', '2'],
      ['粤B54322', '2'],
    ]);
    // 拉黑 sends itself: the barrier now keeps the car out.
    expect((await call(admin, 'POST', '/prop/car/block', { id: blocked.id, blockReason: '多次违停' })).body.success).toBe(true);
    expect((await pending()).map((item) => [item.plateNo, item.action, item.list])).toEqual([['粤B54322', 'upsert', 'black']]);
    // A task of cars is not made by hand.
    expect((await call(admin, 'POST', '/dev/push/add', { pushType: '8', targetMode: '3', addDel: '1' })).body.message).toBe('车辆名单由车辆管理的下发道闸下发');
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
    expect(sent()).toContain('您的车辆粤B54321停放在图书馆门口，影响他人通行，请尽快挪车。');
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

describe('维修管理', () => {
  const orderOf = async (location: string) => (await get(admin, `/prop/repair/list?location=${encodeURIComponent(location)}`)).body.result.records[0] as Record<string, unknown> & { id: string };

  it('goes from the report to dispatch, the work, its fee in 缴费记录 (once) and the rating', async () => {
    const added = await call(admin, 'POST', '/prop/repair/add', {
      reporterName: '吴老师',
      reporterMobile: '13912340020',
      location: '7栋2单元0301',
      repairType: '1',
      urgency: '2',
      description: '卫生间跳闸',
    });
    expect(added.body.success, added.body.message).toBe(true);
    const order = await orderOf('7栋2单元0301');
    expect(String(order.billNo)).toMatch(/^WX\d{12}$/);
    expect((await call(admin, 'POST', '/prop/repair/start', { id: order.id })).status).toBe(400);
    expect((await call(admin, 'POST', '/prop/repair/dispatch', { id: order.id, worker: '陈师傅' })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/prop/repair/redispatch', { id: order.id, worker: '陈师傅', reason: '换人' })).body.message).toBe('新维修人员与原维修人员相同');
    expect((await call(admin, 'POST', '/prop/repair/redispatch', { id: order.id, worker: '林师傅', reason: '陈师傅请假' })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/prop/repair/start', { id: order.id })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/prop/repair/finish', { id: order.id, result: '更换漏电开关', materialFee: '45', laborFee: '30' })).body.success).toBe(true);
    expect(await orderOf('7栋2单元0301')).toMatchObject({ status: '3', worker: '林师傅', materialFee: 45, laborFee: 30, dispatchedBy: 'admin' });

    const charged = await call(admin, 'POST', '/prop/repair/charge', { id: order.id, payWay: '4', receiptNo: 'SJ-WX-1' });
    expect(charged.body.success, charged.body.message).toBe(true);
    const payNo = String((await orderOf('7栋2单元0301')).payNo);
    expect((await get(admin, `/pay/payment/list?payNo=${payNo}`)).body.result.records[0]).toMatchObject({ itemType: '9', amount: 75, channel: '2', receiptNo: 'SJ-WX-1', status: '1' });
    expect((await call(admin, 'POST', '/prop/repair/charge', { id: order.id, payWay: '2' })).body.message).toBe(`工单 ${String(order.billNo)} 已收费（${payNo}）`);

    expect((await call(admin, 'POST', '/prop/repair/rate', { id: order.id, rating: 5 })).status).toBe(400);
    expect((await call(admin, 'POST', '/prop/repair/confirm', { ids: [order.id] })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/prop/repair/rate', { id: order.id, rating: 6 })).status).toBe(400);
    expect((await call(admin, 'POST', '/prop/repair/rate', { id: order.id, rating: 4, ratingComment: '上门快' })).body.success).toBe(true);
    expect(await orderOf('7栋2单元0301')).toMatchObject({ status: '5', rating: 4 });
  });
});

describe('投诉管理', () => {
  it('is accepted, handed over, answered, followed up and closed, each in its turn', async () => {
    const added = await call(admin, 'POST', '/prop/complaint/add', { kind: '1', category: '1', content: '垃圾桶三天未清运', submitterName: '郑老师', submitterMobile: '13912340030' });
    expect(added.body.success, added.body.message).toBe(true);
    const complaint = (await get(admin, '/prop/complaint/list?column=billNo&order=desc')).body.result.records[0] as Record<string, unknown> & { id: string };
    expect(complaint).toMatchObject({ status: '0' });
    expect(String(complaint.billNo)).toMatch(/^TS\d{12}$/);
    expect((await call(admin, 'POST', '/prop/complaint/reply', { id: complaint.id, result: '已清运' })).status).toBe(400);
    expect((await call(admin, 'POST', '/prop/complaint/accept', { ids: [complaint.id] })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/prop/complaint/assign', { id: complaint.id, assignee: '保洁班' })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/prop/complaint/reply', { id: complaint.id, result: '已清运并加派班次' })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/prop/complaint/visit', { id: complaint.id, satisfaction: 4, remark: '基本满意' })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/prop/complaint/close', { ids: [complaint.id] })).body.success).toBe(true);
    expect((await get(admin, `/prop/complaint/queryById?id=${complaint.id}`)).body.result).toMatchObject({
      status: '4',
      acceptedBy: 'admin',
      assignee: '保洁班',
      result: '已清运并加派班次',
      satisfaction: 4,
      remark: '基本满意',
    });
  });
});

describe('客户管理 and 二手市场', () => {
  it('makes a customer with a house a resident once, and the owner of a house without one', async () => {
    const house = await call(admin, 'POST', '/prop/house/add', { building: '8栋', unit: '1', room: '0808', buildArea: '90', usage: '1', houseStatus: '3', feePrice: '1.2' });
    expect(house.body.success, house.body.message).toBe(true);
    const houseId = (await get(admin, `/prop/house/list?name=${encodeURIComponent('8栋1单元0808')}`)).body.result.records[0].id;
    await call(admin, 'POST', '/prop/customer/add', { name: '冯先生', mobile: '13912340040', customerType: '1', source: '2', followStatus: '2' });
    const customer = (await get(admin, `/prop/customer/list?name=${encodeURIComponent('冯先生')}`)).body.result.records[0] as { id: string };
    expect((await call(admin, 'POST', '/prop/customer/toOwner', { id: customer.id })).body.message).toBe('请先关联房屋，再转为业主');
    expect((await call(admin, 'PUT', '/prop/customer/edit', { id: customer.id, name: '冯先生', mobile: '13912340040', customerType: '1', source: '2', followStatus: '2', houseId })).body.success).toBe(
      true,
    );
    expect((await call(admin, 'POST', '/prop/customer/toOwner', { id: customer.id })).body.success).toBe(true);
    const made = (await get(admin, `/prop/customer/queryById?id=${customer.id}`)).body.result;
    expect(made).toMatchObject({ followStatus: '3' });
    expect((await get(admin, `/prop/owner/queryById?id=${made.ownerId}`)).body.result).toMatchObject({ name: '冯先生', ownerRole: '1', houses: '8栋1单元0808', status: '1' });
    expect((await get(admin, `/prop/house/queryById?id=${houseId}`)).body.result).toMatchObject({ ownerId: made.ownerId });
    expect((await call(admin, 'POST', '/prop/customer/toOwner', { id: customer.id })).body.message).toBe('冯先生 已转为业主');
  });

  it('puts an item on sale only once another person audits it; 驳回 and 下架 keep their reason', async () => {
    const clerk = await roleWithUser(admin, 'secondhand_clerk', [entityCodes(secondhand).read, entityCodes(secondhand).add, 'secondhand:approve', 'secondhand:reject']);
    expect(
      (await call(clerk.token, 'POST', '/prop/secondhand/add', { title: '九成新自行车', category: '5', price: '150', condition: '2', publisherName: '何老师', contact: '13912340050' })).body.success,
    ).toBe(true);
    const item = (await get(admin, `/prop/secondhand/list?title=${encodeURIComponent('九成新自行车')}`)).body.result.records[0] as { id: string };
    expect((await call(clerk.token, 'POST', '/prop/secondhand/approve', { ids: [item.id] })).status).toBe(400);
    expect((await call(admin, 'POST', '/prop/secondhand/reject', { id: item.id, reason: '缺少图片' })).body.success).toBe(true);
    expect((await get(admin, `/prop/secondhand/queryById?id=${item.id}`)).body.result).toMatchObject({ status: '4', reason: '缺少图片' });
    expect((await call(admin, 'POST', '/prop/secondhand/resubmit', { id: item.id })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/prop/secondhand/approve', { ids: [item.id] })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/prop/secondhand/takeDown', { id: item.id, reason: '已在别处售出' })).body.success).toBe(true);
    expect((await get(admin, `/prop/secondhand/queryById?id=${item.id}`)).body.result).toMatchObject({ status: '3', reason: '已在别处售出', auditBy: 'admin' });
  });
});

describe('租售管理 and 物业资讯', () => {
  it('shows a listing once audited by another person, and a deal changes the house’s state', async () => {
    const clerk = await roleWithUser(admin, 'listing_clerk', [entityCodes(listing).read, entityCodes(listing).add, 'listing:approve']);
    const houseId = (await get(admin, `/prop/house/list?name=${encodeURIComponent('8栋1单元0808')}`)).body.result.records[0].id;
    expect(
      (await call(clerk.token, 'POST', '/prop/listing/add', { houseId, listingType: '1', price: '2800', contactName: '冯先生', contactMobile: '13912340040', decoration: '3' })).body.success,
    ).toBe(true);
    const row = (await get(admin, `/prop/listing/list?houseId=${houseId}`)).body.result.records[0] as { id: string };
    expect((await call(clerk.token, 'POST', '/prop/listing/approve', { ids: [row.id] })).status).toBe(400);
    expect((await call(admin, 'POST', '/prop/listing/approve', { ids: [row.id] })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/prop/listing/deal', { id: row.id })).body.success).toBe(true);
    expect((await get(admin, `/prop/listing/queryById?id=${row.id}`)).body.result).toMatchObject({ status: '3', auditBy: 'admin' });
    expect((await get(admin, `/prop/house/queryById?id=${houseId}`)).body.result).toMatchObject({ houseStatus: '2' });
  });

  it('publishes notices, pins one at a time, and unpins one taken offline', async () => {
    for (const title of ['停水通知', '电梯年检']) expect((await call(admin, 'POST', '/prop/news/add', { title, category: '1', content: `${title}：详见公告栏。` })).body.success).toBe(true);
    const rows = (await get(admin, '/prop/news/list?status=0')).body.result.records as { id: string; title: string }[];
    const [water, lift] = ['停水通知', '电梯年检'].map((title) => rows.find((row) => row.title === title)!);
    expect((await call(admin, 'POST', '/prop/news/pin', { id: water!.id })).status).toBe(400);
    expect((await call(admin, 'POST', '/prop/news/publish', { ids: [water!.id, lift!.id] })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/prop/news/pin', { id: water!.id })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/prop/news/pin', { id: lift!.id })).body.success).toBe(true);
    const pinned = async (id: string) => (await get(admin, `/prop/news/queryById?id=${id}`)).body.result.pinned;
    expect([await pinned(water!.id), await pinned(lift!.id)]).toEqual([false, true]);
    expect((await call(admin, 'POST', '/prop/news/offline', { ids: [lift!.id] })).body.success).toBe(true);
    expect(await pinned(lift!.id)).toBe(false);
    expect((await get(admin, `/prop/news/queryById?id=${lift!.id}`)).body.result.publishedAt).toBeTruthy();
  });
});

describe('话题管理', () => {
  it('publishes a topic once another person audits it, counts its comments, and removes one with its reason', async () => {
    const clerk = await roleWithUser(admin, 'topic_clerk', [entityCodes(topic).read, entityCodes(topic).add, 'topic:approve']);
    expect((await call(clerk.token, 'POST', '/prop/topic/add', { title: '周日跳蚤市场', content: '操场，9 点开始。', category: '2', authorName: '家委会' })).body.success).toBe(true);
    const row = (await get(admin, `/prop/topic/list?title=${encodeURIComponent('周日跳蚤市场')}`)).body.result.records[0] as { id: string };
    const comment = (content: string) => call(admin, 'POST', '/prop/topicComment/add', { topicId: row.id, authorName: '黄老师', content });
    expect((await comment('好')).body.message).toBe('只能评论已发布的话题');
    expect((await call(clerk.token, 'POST', '/prop/topic/approve', { ids: [row.id] })).status).toBe(400);
    expect((await call(admin, 'POST', '/prop/topic/approve', { ids: [row.id] })).body.success).toBe(true);
    expect((await comment('我去')).body.success).toBe(true);
    expect((await comment('加微信有优惠')).body.success).toBe(true);
    const topicNow = async () => (await get(admin, `/prop/topic/queryById?id=${row.id}`)).body.result;
    expect(await topicNow()).toMatchObject({ status: '1', comments: 2 });
    const spam = (await get(admin, `/prop/topicComment/list?topicId=${row.id}&content=${encodeURIComponent('微信')}`)).body.result.records[0] as { id: string };
    expect((await call(admin, 'POST', '/prop/topicComment/remove', { ids: [spam.id], reason: '广告' })).body.success).toBe(true);
    expect((await get(admin, `/prop/topicComment/queryById?id=${spam.id}`)).body.result).toMatchObject({ status: '2', reason: '广告', removedBy: 'admin' });
    expect(await topicNow()).toMatchObject({ comments: 1 });
    expect((await call(admin, 'POST', '/prop/topic/pin', { id: row.id })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/prop/topic/feature', { id: row.id })).body.success).toBe(true);
    expect(await topicNow()).toMatchObject({ pinned: true, featured: true });
    expect((await call(admin, 'POST', '/prop/topic/block', { id: row.id, reason: '重复发布' })).body.success).toBe(true);
    expect(await topicNow()).toMatchObject({ status: '2', reason: '重复发布' });
    expect((await call(admin, 'POST', '/prop/topic/restore', { id: row.id })).body.success).toBe(true);
    expect(await topicNow()).toMatchObject({ status: '1', reason: null });
  });
});
