/**
 * What an outside attack on the whole server found (issue 26), each as the attack it was, on PGlite
 * and PostgreSQL: a terminal blocked by another school, a workbook that unpacks to hundreds of MB,
 * a hundred wrong passwords at once, a hidden column read through a search, and the smaller doors.
 * (CAS ticket replay is in phoneSignIn.test.ts, beside its CAS server.)
 */
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as t from '@server/db/schema';

import { terminalSigningText } from '@shared/terminal';
import { checkWorkbookSize } from '@server/crud/imports';
import { SECRET_NAME } from '@server/http/redact';
import { apiOf } from '../support/api';
import { cardOfficeOf, key } from '../support/cardOffice';
import { multipartBody } from '../support/multipart';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';
import { hugeWorkbook } from '../support/workbooks';
import { timeOutsideMeals } from '../support/terminalTime';

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
    const records = [{ serialNo: 'ATK1', cardNo: card!.cardNo, amount: 100, deviceTime: timeOutsideMeals('Asia/Shanghai') }];
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', secret)
      .update(terminalSigningText('POS0101', timestamp, records))
      .digest('hex');
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

  it('refuses more than 5,000 rows, counted in the XML before a large sheet is built, and writes none of them', async () => {
    const before = (await get(admin, '/meals/canteen/list?pageSize=1')).body.result.total;
    for (const rows of [200_000, 5_001]) {
      const refused = await upload(admin, '/meals/canteen/importExcel', await hugeWorkbook('食堂名称', rows, '新食堂'));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('一次最多导入 5000 行');
    }
    expect((await get(admin, '/meals/canteen/list?pageSize=1')).body.result.total).toBe(before);
  });

  it('counts the rows of a sheet whatever its entry is named, as exceljs reads it (a leading slash, a folder before)', async () => {
    for (const sheetEntry of ['/xl/worksheets/sheet1.xml', 'x/xl/worksheets/sheet1.xml']) {
      const book = await hugeWorkbook('食堂名称', 200_000, '新食堂', { sheetEntry });
      // Refused by the measure, before exceljs builds anything.
      await expect(checkWorkbookSize(book)).rejects.toMatchObject({ message: '一次最多导入 5000 行' });
      const refused = await upload(admin, '/meals/canteen/importExcel', book);
      expect(refused.body.message).toBe('一次最多导入 5000 行');
    }
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
    const answers = await Promise.all(Array.from({ length: 30 }, (_, index) => login(username, index === 15 ? 'Clerk-Pass-61' : 'wrong-password-1', `10.61.1.${index}`)));
    const checked = answers.filter((answer) => answer.success || answer.message === '用户名或密码错误').length;
    expect(checked).toBeLessThanOrEqual(3);
  });

  it('a success gives its address its attempt back: colleagues behind one address are not asked for a captcha', async () => {
    const { username } = await roleWithUser(admin, 'colleague', ['members:people']);
    for (let i = 0; i < 12; i += 1) expect((await login(username, 'Clerk-Pass-61', '10.61.2.1')).success).toBe(true);
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
    // Nor through a table dictionary (the pickers' search: a restricted column is none of its), nor as a list's sort.
    const byDictionary = await get(clerk.token, '/sys/dict/loadDict/memb_member,mobile,id?keyword=7777000');
    expect(byDictionary.body.message).toBe('字典表没有该字段（mobile）');
    const sorted = (await get(clerk.token, '/memb/member/list?column=mobile&order=asc&pageSize=3')).body.result.records;
    const byNumber = (await get(clerk.token, '/memb/member/list?pageSize=3')).body.result.records;
    expect(sorted.map((row: { id: string }) => row.id)).toEqual(byNumber.map((row: { id: string }) => row.id));
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
      // Every route carrying a secret in its path (学校通知's reading link): the value never logged.
      const secretPaths = logged.app.declaredRoutes.filter((route) => !route.websocket && route.url.split('/').some((part) => part.startsWith(':') && SECRET_NAME.test(part)));
      expect(secretPaths.map((route) => route.url)).toContain(`${BASE}/msg/notice/read/:token`);
      for (const route of secretPaths) {
        const marker = `SeCrEt${randomBytes(8).toString('hex')}`;
        const url = route.url.replace(/:([A-Za-z]+)/g, (_whole, name: string) => (SECRET_NAME.test(name) ? marker : 'x'));
        await logged.app.inject({ method: route.method as 'GET', url, headers: { 'X-Access-Token': token } });
        expect(lines.join(''), route.url).not.toContain(marker);
      }
      expect(lines.join('')).toContain('/msg/notice/read/***');
    } finally {
      await logged.close();
    }
  });
});

describe('four eyes are two people', () => {
  it('a maker who also runs users cannot approve or reject through an account they made or a password they set', async () => {
    const { open, recharge } = cardOfficeOf(
      () => t0,
      () => admin,
      610000,
    );
    const { accountId } = await open();
    await recharge(admin, accountId, '10.00');
    // The maker may enter and check adjustments, add users and reset passwords.
    const maker = await roleWithUser(admin, 'fe_maker', ['members:accounts', 'account:adjust', 'account:adjustCheck', 'system:users', 'user:add', 'user:resetPassword']);
    const entered = await call(maker.token, 'POST', '/memb/account/adjust', { idempotencyKey: key(), accountId, wallet: 'CASH', direction: '1', amount: '50.00', reason: '补录' });
    expect(entered.body.success, entered.body.message).toBe(true);
    const id = entered.body.result.id as string;
    const approve = (token: string) => call(token, 'POST', '/memb/account/adjust/approve', { idempotencyKey: key(), id });
    const reject = (token: string) => call(token, 'POST', '/memb/account/adjust/reject', { id, remark: '不同意' });

    // Rejecting one's own is a checker's act too.
    expect((await reject(maker.token)).body.message).toBe('录入人与审核人不能为同一人');

    // A second account the maker creates: its password is the maker's, then its creator is.
    const made = await call(maker.token, 'POST', '/sys/user/add', { username: 'fe_second', realname: '第二个我', password: 'Second-pass1', selectedroles: maker.roleId });
    expect(made.body.success, made.body.message).toBe(true);
    const second = await signIn(t0.app, 'fe_second', 'Second-pass1');
    for (const act of [approve, reject]) expect((await act(second)).body.message).toBe('您的密码由他人设置，请先修改自己的密码后再审核');
    await call(second, 'PUT', '/sys/user/updatePassword', { username: 'fe_second', oldpassword: 'Second-pass1', password: 'Second-pass2', confirmpassword: 'Second-pass2' });
    const secondAgain = await signIn(t0.app, 'fe_second', 'Second-pass2');
    for (const act of [approve, reject]) expect((await act(secondAgain)).body.message).toBe('审核人账号由录入人创建，创建后90天内不能审核其录入的单据');

    // A peer whose password the maker reset: not until the peer changes it.
    const peer = await roleWithUser(admin, 'fe_peer', ['members:accounts', 'account:adjustCheck']);
    await call(peer.token, 'PUT', '/sys/user/updatePassword', { username: peer.username, oldpassword: 'Clerk-Pass-61', password: 'Peer-pass-2', confirmpassword: 'Peer-pass-2' });
    const reset = await call(maker.token, 'PUT', '/sys/user/changePassword', { username: peer.username, password: 'Known-pass-3', confirmpassword: 'Known-pass-3' });
    expect(reset.body.success, reset.body.message).toBe(true);
    const peerAsMaker = await signIn(t0.app, peer.username, 'Known-pass-3');
    expect((await approve(peerAsMaker)).body.message).toBe('您的密码由他人设置，请先修改自己的密码后再审核');
    expect((await get(admin, `/memb/adjustment/list?id=${id}`)).body.result.records[0]).toMatchObject({ status: '0' });

    // The peer, having chosen their own password again, checks it: both names in the answer, the
    // account's history and 操作日志.
    await call(peerAsMaker, 'PUT', '/sys/user/updatePassword', { username: peer.username, oldpassword: 'Known-pass-3', password: 'Peer-pass-4', confirmpassword: 'Peer-pass-4' });
    const peerToken = await signIn(t0.app, peer.username, 'Peer-pass-4');
    const posted = await approve(peerToken);
    expect(posted.body.message).toBe(`调账已入账！（录入：${maker.username}，审核：${peer.username}）`);
    const [txn] = await t0.db.select().from(t.ledgerTransactions).where(eq(t.ledgerTransactions.id, posted.body.result.id));
    expect(txn!.summary).toContain(`录入 ${maker.username}，审核 ${peer.username}`);
    await expect
      .poll(async () => (await t0.db.select({ message: t.operationLogs.message }).from(t.operationLogs).where(eq(t.operationLogs.username, peer.username))).map((row) => row.message))
      .toContain(posted.body.message);
  });

  it('the school sets how long an account may not check its creator’s work', async () => {
    const edited = await call(admin, 'PUT', '/sys/tenant/edit', { id: 0, name: '示例学校', checkerWaitDays: 0 });
    expect(edited.body.success, edited.body.message).toBe(true);
    expect((await get(admin, '/sys/tenant/queryById?id=0')).body.result.checkerWaitDays).toBe(0);
    expect((await call(admin, 'PUT', '/sys/tenant/edit', { id: 0, name: '示例学校', checkerWaitDays: -1 })).body.message).toBe('审核回避期须为0到3650天（checkerWaitDays）');
    await call(admin, 'PUT', '/sys/tenant/edit', { id: 0, name: '示例学校', checkerWaitDays: 90 });
  });
});

describe('the smaller doors', () => {
  it('a bad %-escape in the path and a query string over 16 KB answer the envelope, in Chinese', async () => {
    const bad = await t0.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/%E0%A4%A` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 400, message: '请求路径中有无效的转义字符' });
    const english = await t0.app.inject({ method: 'GET', url: `${BASE}/sys/%zz`, headers: { 'accept-language': 'en' } });
    expect(english.json().message).not.toMatch(/[\u4e00-\u9fff]|FST_/);
    // The HTTP parser's refusal comes before any route: a real socket.
    await t0.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t0.app.server.address() as { port: number };
    const long = await fetch(`http://127.0.0.1:${port}${BASE}/sys/user/list?q=${'x'.repeat(17_000)}`);
    expect(long.status).toBe(431);
    expect(await long.json()).toMatchObject({ success: false, code: 431, message: '请求地址或请求头过长' });
  });

  it('platform-only reads say 查看, writes 修改', async () => {
    const school = await secondSchool(62, 'school62admin');
    expect((await get(school.token, '/sys/registration/settings')).body.message).toBe('该功能属于平台，只能由平台管理员查看');
    expect((await call(school.token, 'PUT', '/sys/registration', { open: false })).body.message).toBe('菜单、字典等为所有学校共用，只能由平台管理员修改');
  });

  it('操作日志 keeps a refused write whose record name holds a NUL, the byte escaped', async () => {
    const refused = await call(admin, 'PUT', '/meals/canteen/edit', { id: 'evil\u0000id', name: 'x' });
    expect(refused.status).toBe(400);
    await expect
      .poll(async () =>
        (await t0.db.select({ target: t.operationLogs.target, status: t.operationLogs.status }).from(t.operationLogs).where(eq(t.operationLogs.route, '/meals/canteen/edit'))).map(
          (row) => `${row.status} ${row.target}`,
        ),
      )
      .toContain('400 id=evil\\0id');
  });
});
