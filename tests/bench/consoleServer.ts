import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { E2E_ADMIN_PASSWORD } from '../e2e/support/constants';

/**
 * The real server on a free loopback port, with the production build and a fresh PGlite data folder
 * (its first start makes the sample school), for the browser benchmarks. `stop` ends it and drops
 * the folder.
 */
export async function startConsoleServer(prefix: string): Promise<{ base: string; stop: () => void }> {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ccu-bench-${prefix}-`));
  const server = spawn('node', ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i += 1) {
    if ((await fetch(`${base}/ccu-boot/home/info/i18n`).catch(() => null))?.ok) break;
    if (i > 3000) {
      stop();
      throw new Error('server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, stop };
}

/**
 * The console a browser benchmark measures: `--base URL` names one already running (its build and
 * sample school as they are, signed in with `CONSOLE_PASSWORD` if its users' password is another),
 * to measure again quickly; otherwise the production build and a new server of its own.
 */
export async function consoleForBench(prefix: string): Promise<{ base: string; stop: () => void; password: string }> {
  const given = process.argv.includes('--base') ? process.argv[process.argv.indexOf('--base') + 1] : undefined;
  const password = process.env.CONSOLE_PASSWORD ?? E2E_ADMIN_PASSWORD;
  if (given) return { base: given, stop: () => undefined, password };
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  return { ...(await startConsoleServer(prefix)), password };
}
