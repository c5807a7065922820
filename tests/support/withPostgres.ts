/**
 * Runs a command against a throwaway PostgreSQL cluster: initdb into a temp folder (as the
 * `postgres` user when running as root), pg_ctl on a free loopback port, TEST_DATABASE_URL set
 * for the command, and the cluster removed afterwards.
 *   node --import tsx tests/support/withPostgres.ts <command> [args…]
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function findBinDir(): string | null {
  const candidates = ['/usr/lib/postgresql']
    .filter((root) => fs.existsSync(root))
    .flatMap((root) => fs.readdirSync(root).map((version) => path.join(root, version, 'bin')))
    .sort()
    .reverse();
  for (const dir of candidates) if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 ? path.dirname(fs.realpathSync(which.stdout.trim())) : null;
}

function ensurePostgres(): string {
  let dir = findBinDir();
  if (dir) return dir;
  if (process.getuid?.() !== 0) throw new Error('PostgreSQL is not installed (apt-get install postgresql) and this is not root.');
  console.log('[pg] installing PostgreSQL (apt-get install postgresql)…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  dir = findBinDir();
  if (!dir) throw new Error('PostgreSQL was installed but initdb is still missing.');
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command) throw new Error('usage: withPostgres.ts <command> [args…]');
  const bin = ensurePostgres();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-pg-'));
  const dataDir = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: the cluster belongs to the postgres user.
  const run = (file: string, argv: string[]) => (asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...argv], { stdio: 'pipe' }) : execFileSync(file, argv, { stdio: 'pipe' }));
  if (asRoot) execFileSync('chown', ['postgres:postgres', root]);
  fs.chmodSync(root, 0o700);

  const port = await freePort();
  const started = Date.now();
  run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  run(path.join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(root, 'server.log'),
    '-w',
    '-o',
    // Tests trade durability for speed; benchmarks (PG_DURABLE=1) run as production does.
    // PG_SETTINGS adds settings of one's own (a profile: `-c session_preload_libraries=auto_explain …`).
    `-p ${port} -h 127.0.0.1 -k ${root}${process.env.PG_DURABLE === '1' ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off'} -c max_connections=200${process.env.PG_SETTINGS ? ` ${process.env.PG_SETTINGS}` : ''}`,
    'start',
  ]);
  console.log(`[pg] PostgreSQL ready on 127.0.0.1:${port} in ${Date.now() - started} ms`);

  const stop = () => {
    const stopping = Date.now();
    try {
      run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already gone.
    }
    // PG_LOG keeps the server's log (with a profile's plans) where it says.
    if (process.env.PG_LOG) fs.copyFileSync(path.join(root, 'server.log'), process.env.PG_LOG);
    fs.rmSync(root, { recursive: true, force: true });
    console.log(`[pg] cluster stopped and removed in ${Date.now() - stopping} ms`);
  };

  try {
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` },
      shell: process.platform === 'win32',
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    return await new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  } finally {
    stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[pg]', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
