import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { BackupManifest } from './backupFile';

/**
 * The operator's way into a running server on its own machine: a Unix socket in the data directory
 * (`DATA_DIR/control.sock`, mode 0600 — whoever may read the data may ask), never the network. It
 * takes one request, a backup of the PGlite database the server holds open, which no other process
 * may open while it runs — and a verification of it, for the same reason.
 */
export const controlSocketOf = (dataDir: string) => path.join(dataDir, 'control.sock');

export interface ControlActions {
  backup(file: string): Promise<BackupManifest>;
  verify(): Promise<VerifyReport>;
}

/** What `verify` prints and whether anything failed. */
export interface VerifyReport {
  lines: string[];
  faults: number;
}

/** Listens on the data directory's control socket; answers a function that closes it. */
export async function serveControl(dataDir: string, actions: ControlActions): Promise<() => Promise<void>> {
  const socket = controlSocketOf(dataDir);
  // Left by a server that ended without closing it.
  fs.rmSync(socket, { force: true });
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const answer = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.method === 'POST' && request.url === '/verify')
        return void actions.verify().then(
          (report) => answer(200, { report }),
          (error: unknown) => answer(500, { error: error instanceof Error ? error.message : String(error) }),
        );
      if (request.method !== 'POST' || request.url !== '/backup') return answer(404, { error: 'unknown request' });
      let file: string;
      try {
        file = String((JSON.parse(body) as { file?: unknown }).file ?? '');
      } catch {
        return answer(400, { error: 'malformed request' });
      }
      if (!path.isAbsolute(file)) return answer(400, { error: 'the backup file must be an absolute path' });
      actions.backup(file).then(
        (manifest) => answer(200, { manifest }),
        (error: unknown) => answer(500, { error: error instanceof Error ? error.message : String(error) }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  fs.chmodSync(socket, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socket, { force: true });
    });
}

/** Asks the server running on `dataDir` for a backup into `file`: its manifest, or null when no server listens there. */
export async function askServerForBackup(dataDir: string, file: string): Promise<BackupManifest | null> {
  return (await askServer<{ manifest: BackupManifest }>(dataDir, '/backup', { file }))?.manifest ?? null;
}

/** Asks the server running on `dataDir` to verify its database: the report, or null when no server listens there. */
export async function askServerToVerify(dataDir: string): Promise<VerifyReport | null> {
  return (await askServer<{ report: VerifyReport }>(dataDir, '/verify', {}))?.report ?? null;
}

async function askServer<T>(dataDir: string, route: string, body: object): Promise<T | null> {
  const socket = controlSocketOf(dataDir);
  if (!fs.existsSync(socket)) return null;
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: socket, path: route, method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        const answer = JSON.parse(text) as T & { error?: string };
        if (response.statusCode === 200) resolve(answer);
        else reject(new Error(answer.error ?? `the server answered ${response.statusCode}`));
      });
    });
    // A socket left behind by a server that is gone: nobody answers.
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? resolve(null) : reject(error)));
    request.end(JSON.stringify(body));
  });
}
