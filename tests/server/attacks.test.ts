/**
 * What an outside attack on the whole server found (issue 26), each as the attack it was, on PGlite
 * and PostgreSQL: a terminal blocked by another school, a workbook that unpacks to hundreds of MB,
 * a hundred wrong passwords at once, a hidden column read through a search, and the smaller doors.
 * (CAS ticket replay is in phoneSignIn.test.ts, beside its CAS server.)
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as t from '@server/db/schema';
import { dateTimeIn } from '@shared/schoolTime';
import { terminalSigningText } from '@shared/terminal';
import { apiOf } from '../support/api';
import { multipartBody } from '../support/multipart';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';
import { hugeWorkbook } from '../support/workbooks';

let t0: TestApp;
let admin: string;
const { call, get, roleWithUser, secondSchool } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
});
afterAll(async () => t0?.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
async function upload(token: string, url: string, content: Buffer) {
  const { payload, contentType } = multipartBody({}, [{ name: 'import.xlsx', type: XLSX, content }]);
  const response = await t0.app.inject({ method: 'POST', url: `${BASE}${url}`, headers: { 'X-Access-Token': token, 'content-type': contentType }, payload });
  return { status: response.statusCode, body: response.json() };
}

describe('a terminal serial belongs to one terminal of the installation', () => {
  it('another school cannot register a serial in use, nor learn whose it is, and the terminal keeps paying', async () => {
    const [device] = await t0.db.select().from(t.devices).where(eq(t.devices.serialNo, 'POS0101'));
    const secret = (await call(admin, 'POST', '/dev/device/issueKey', { id: device!.id })).body.result.secret as string;
    const other = await secondSchool(61, 'school61admin');
    const canteen = await call(other.token, 'POST', '/meals/canteen/add', { name: '六十一校食堂', code: 'C61', status: '1' });
    expect(canteen.body.success, canteen.body.message).toBe(true);
    const canteenId = (await get(other.token, '/meals/canteen/list?code=C61')).body.result.records[0].id;
    const taken = await call(other.token, 'POST', '/dev/device/add', { name: '抢注终端', serialNo: 'POS0101', canteenId, status: '1' });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('设备序列号已存在（serialNo）');
    expect(taken.body.message).not.toContain('第');
    const check = await get(other.token, '/sys/duplicate/check?tableName=dev_device&fieldName=serial_no&fieldVal=POS0101');
    expect(check.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    // Nor by renaming a terminal of its own.
    const own = await call(other.token, 'POST', '/dev/device/add', { name: '六十一校终端', serialNo: 'POS6101', canteenId, status: '1' });
    expect(own.body.success, own.body.message).toBe(true);
    const ownId = (await get(other.token, '/dev/device/list?serialNo=POS6101')).body.result.records[0].id;
    expect((await call(other.token, 'PUT', '/dev/device/edit', { id: ownId, name: '六十一校终端', serialNo: 'POS0101', canteenId, status: '1' })).body.message).toBe('设备序列号已存在（serialNo）');

    const [card] = await t0.db.select({ cardNo: t.cards.cardNo }).from(t.cards).where(eq(t.cards.cardStatus, '1')).limit(1);
    const records = [{ serialNo: 'ATK1', cardNo: card!.cardNo, amount: 100, deviceTime: dateTimeIn('Asia/Shanghai') }];
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', secret).update(terminalSigningText('POS0101', timestamp, records)).digest('hex');
    const paid = await t0.app.inject({
      method: 'POST',
      url: `${BASE}/terminal/consume`,
      headers: { 'content-type': 'application/json', 'x-terminal-serial': 'POS0101', 'x-timestamp': timestamp, 'x-signature': signature },
      payload: JSON.stringify({ records }),
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().result[0]).toMatchObject({ success: true });
  });
});

describe('an uploaded workbook cannot take the server down', () => {
  it('refuses six million rows (360 MB unpacked, sizes forged small) quickly, and the server keeps answering', async () => {
    const bomb = await hugeWorkbook('食堂名称', 6_000_000, '第一食堂', { declaredSize: 1000, addresses: false });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const refused = await upload(admin, '/meals/canteen/importExcel', bomb);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Excel 文件解压后超过 50MB，请拆分后分批导入');
    expect((await get(admin, '/meals/canteen/list')).status).toBe(200);
  });

  it('stops reading at the first row past 5,000 and writes none of them', async () => {
    const before = (await get(admin, '/meals/canteen/list?pageSize=1')).body.result.total;
    const refused = await upload(admin, '/meals/canteen/importExcel', await hugeWorkbook('食堂名称', 200_000, '新食堂'));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('一次最多导入 5000 行');
    expect((await get(admin, '/meals/canteen/list?pageSize=1')).body.result.total).toBe(before);
  });

  it('answers a file that is not a workbook in Chinese', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('x').addRow(['食堂名称']);
    const good = Buffer.from(await workbook.xlsx.writeBuffer());
    for (const content of [Buffer.from('not a zip at all'), good.subarray(0, good.length - 30)]) {
      const answer = await upload(admin, '/meals/canteen/importExcel', content);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('文件不是有效的 Excel（.xlsx）文件（file）');
    }
  });
});

describe('the sign-in throttle counts an attempt before checking it', () => {
  const login = (username: string, password: string, remoteAddress: string) =>
    t0.app.inject({ method: 'POST', url: `${BASE}/sys/login`, payload: { username, password }, remoteAddress }).then((response) => response.json() as { success: boolean; message: string });

  it('checks at most 3 of 100 wrong passwords sent at once without a captcha', async () => {
    // From a hundred addresses, as a botnet would: the route's per-address limit plays no part.
    const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => login('canteen', 'wrong-password-1', `10.61.0.${index}`)));
    const checked = answers.filter((answer) => answer.message === '用户名或密码错误').length;
    expect(checked).toBeLessThanOrEqual(3);
    expect(answers.filter((answer) => answer.message === '请输入验证码').length).toBeGreaterThanOrEqual(97);
  });

  it('lets the right password through among 29 wrong ones only within the first 3 checked', async () => {
    const { username } = await roleWithUser(admin, 'throttled', ['members:people']);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, index) => login(username, index === 15 ? 'Passw0rd-1' : 'wrong-password-1', `10.61.1.${index}`)));
    const checked = answers.filter((answer) => answer.success || answer.message === '用户名或密码错误').length;
    expect(checked).toBeLessThanOrEqual(3);
  });

  it('a success gives its address its attempt back: colleagues behind one address are not asked for a captcha', async () => {
    const { username } = await roleWithUser(admin, 'colleague', ['members:people']);
    for (let i = 0; i < 12; i += 1) expect((await login(username, 'Passw0rd-1', '10.61.2.1')).success).toBe(true);
  });
});

describe('a search never matches a column the caller may not see', () => {
  it('the people search finds nobody by a hidden mobile, and finds them by it for one who may see it', async () => {
    const [person] = await t0.db.select().from(t.members).where(eq(t.members.delFlag, 0)).limit(1);
    await t0.db.update(t.members).set({ mobile: '13577770001' }).where(eq(t.members.id, person!.id));
    const clerk = await roleWithUser(admin, 'nomobile', ['members:people']);
    const blind = await get(clerk.token, '/memb/member/search?keyword=7777000');
    expect(blind.status).toBe(200);
    expect(blind.body.result).toEqual([]);
    const seeing = await get(admin, '/memb/member/search?keyword=7777000');
    expect(seeing.body.result.map((hit: { memberId: string }) => hit.memberId)).toEqual([person!.id]);
  });
});

describe('no token, password or code reaches the log', () => {
  it('redacts them from every logged URL', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ logStream: { write: (line) => lines.push(line) } });
    try {
      const token = await signIn(logged.app, 'admin');
      const urls = [
        `/sys/common/static/temp/x.png?token=${token}`,
        '/sys/user/passwordChange?username=admin&password=Secret-Pass-77&phone=13800000001&smscode=482913',
        '/sys/randomImage/abc?captcha=Q7Z9&pageNo=1',
      ];
      for (const url of urls) await logged.app.inject({ method: 'GET', url: `${BASE}${url}`, headers: { 'X-Access-Token': token } });
      const text = lines.join('');
      expect(text).toContain('incoming request');
      for (const secret of [token, 'Secret-Pass-77', '482913', 'Q7Z9']) expect(text).not.toContain(secret);
      expect(text).toContain('token=***');
      expect(text).toContain('pageNo=1');
    } finally {
      await logged.close();
    }
  });
});
