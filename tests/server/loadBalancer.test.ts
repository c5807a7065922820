import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { askAgain, counterOf, issueTerminalKey, booksAfterLoad, startCounterLoad, type PaymentFate } from '../support/counterLoad';
import { startNginx, type Nginx } from '../support/nginx';
import { createInstallation, startServer, type Installation, type ServerProcess } from '../support/serverProcess';
import { ADMIN_PASSWORD, BASE } from '../support/testApp';

/**
 * Two server instances on one PostgreSQL behind nginx (the README's configuration), as a school
 * runs them for a machine to fail: one is killed mid-load, the other serves on — the same sessions,
 * notices over WebSockets through the proxy, the books whole. Only in the PostgreSQL pass.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two instances behind nginx', () => {
  let installation: Installation;
  let nginx: Nginx | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    installation = await createInstallation();
  }, 300_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const server of servers) await server.stop('SIGKILL');
    await installation?.remove();
  });

  it('keeps serving when one instance is killed mid-load: sessions, notices and payments carry on through the other', async () => {
    const handle = await installation.open();
    await handle.migrate();
    const counter = await counterOf(handle.db).finally(() => handle.close());
    const [a, b] = [await startServer(installation), await startServer(installation)];
    servers.push(a!, b!);
    nginx = await startNginx([a!, b!].map((server) => new URL(server.origin).host));
    const api = `${nginx.origin}${BASE}`;
    const call = async (path: string, token: string, init: RequestInit = {}) =>
      (await (await fetch(`${api}${path}`, { ...init, headers: { 'X-Access-Token': token, 'content-type': 'application/json', ...init.headers } })).json()) as {
        success: boolean;
        message: string;
        result: any; // eslint-disable-line @typescript-eslint/no-explicit-any
      };

    const login = (await (
      await fetch(`${api}/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) })
    ).json()) as {
      result: { token: string; userInfo: { id: string } };
    };
    const token = login.result.token;
    const adminId = login.result.userInfo.id;
    const terminal = await issueTerminalKey(api, token, counter.deviceId);
    const load = startCounterLoad({ api, terminal, cards: counter.cards, terminals: 6, clerks: 2, token, tag: 'BALANCER' });
    const taken = () => load.payments.filter((fate) => fate.answer?.success).length;
    while (taken() < 60) await new Promise((resolve) => setTimeout(resolve, 20));

    // One machine gone at once, requests in its hands.
    a!.child.kill('SIGKILL');
    await a!.exited;
    const before = taken();
    while (taken() < before + 60) await new Promise((resolve) => setTimeout(resolve, 20));
    await load.stop();

    // Clerks: answered, or nginx's 502 for a request the dead instance held — never their session lost.
    expect(load.clerks.filter((fate) => fate.status !== 200 && fate.status !== 502)).toEqual([]);
    // Payments in doubt (the dead instance held them) are settled by their serial numbers.
    const inDoubt: PaymentFate[] = load.payments.filter((fate) => !fate.answer);
    expect(inDoubt.filter((fate) => fate.status !== 502 && fate.error === undefined)).toEqual([]);
    const asked = await askAgain(api, terminal, inDoubt);
    expect(asked.refused).toEqual([]);
    expect(load.payments.filter((fate) => fate.answer && !fate.answer.success)).toEqual([]);

    // The session signed in before still works, now answered by the survivor.
    expect((await call('/sys/user/list', token)).success).toBe(true);
    // A notice reaches a WebSocket opened through nginx (the upgrade passed on).
    const socket = new WebSocket(`${nginx.origin.replace('http', 'ws')}${BASE}/websocket/${adminId}`, [token]);
    const messages: unknown[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const added = await call('/sys/annountCement/add', token, { method: 'POST', body: JSON.stringify({ titile: '停电通知', msgContent: '<p>周六停电</p>' }) });
    expect(added.success, added.message).toBe(true);
    expect((await call(`/sys/annountCement/doReleaseData?id=${added.result.id}`, token)).message).toBe('该系统通知发布成功');
    for (const started = Date.now(); !messages.length && Date.now() - started < 5000;) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(messages).toContainEqual({ cmd: 'topic', msgId: added.result.id, msgTxt: '停电通知' });
    socket.close();

    await nginx.stop();
    nginx = undefined;
    expect(await b!.stop()).toBe(0);
    const acknowledged = [...load.payments.filter((fate) => fate.answer?.success), ...asked.committed, ...asked.postedNow];
    const books = await booksAfterLoad(installation, 'BALANCER', acknowledged);
    expect(books.notOnce).toEqual([]);
    expect(books.postings).toBe(acknowledged.length);
    expect(books.faults).toEqual([]);
  }, 600_000);
});
