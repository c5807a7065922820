import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, 'canteen');
});
afterAll(async () => t?.close());

/** A multipart body as a browser's FormData would send it. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }) {
  const boundary = '----ccu-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'X-Access-Token': token } };
}

const upload = (fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }) => {
  const body = multipart(fields, file);
  return t.app.inject({ method: 'POST', url: `${BASE}/sys/common/upload`, headers: body.headers, payload: body.payload });
};

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('files', () => {
  it('stores an upload under its biz folder and answers the path in message', async () => {
    const response = await upload({ biz: 'avatar' }, { name: '我的 照片(1).PNG', type: 'image/png', content: PNG });
    expect(response.statusCode).toBe(200);
    const { success, message } = response.json();
    expect(success).toBe(true);
    expect(message).toMatch(/^avatar\/我的_照片_1_\d+\.png$/);

    const served = await t.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${encodeURIComponent(message).replace('%2F', '/')}?token=${token}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('defaults the folder to temp', async () => {
    expect((await upload({}, { name: 'a.txt', type: 'text/plain', content: Buffer.from('hi') })).json().message).toMatch(/^temp\/a_\d+\.txt$/);
  });

  it('refuses a missing file, a bad folder and an oversized file with 400', async () => {
    expect((await upload({ biz: 'x' })).json()).toMatchObject({ success: false, message: '请选择要上传的文件（file）' });
    const bad = await upload({ biz: '../etc' }, { name: 'a.txt', type: 'text/plain', content: Buffer.from('x') });
    expect(bad.statusCode).toBe(400);
    const big = await upload({}, { name: 'big.bin', type: 'application/octet-stream', content: Buffer.alloc(10 * 1024 * 1024 + 10) });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('文件大小超出10MB限制');
  });

  it('serves files only to signed-in users and never outside the upload folder', async () => {
    const { message } = (await upload({}, { name: 'b.txt', type: 'text/plain', content: Buffer.from('secret') })).json();
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${message}` })).statusCode).toBe(401);
    for (const attempt of ['..%2F..%2Fetc%2Fpasswd', '../../package.json', 'temp/..%2F..%2Fpackage.json']) {
      expect((await t.app.inject({ method: 'GET', url: `${BASE}/sys/common/static/${attempt}?token=${token}` })).statusCode).toBe(404);
    }
  });
});
