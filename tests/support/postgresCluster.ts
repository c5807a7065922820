/**
 * A throwaway PostgreSQL cluster: initdb into a temp folder (as the `postgres` user when running as
 * root), pg_ctl on a free loopback port; it can be stopped at once and started again (a test of the
 * server outliving its database) and is removed at the end. tests/support/withPostgres.ts runs
 * the suites against one.
 */
import { execFileSync, spawnSync } from 'node:child_process';
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

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface PostgresCluster {
  /** The superuser's URL of its `postgres` database. */
  url: string;
  port: number;
  /** Stops it at once, as a crash or an operator's restart does: every connection cut. */
  stop(): void;
  /** Starts it again, on the same port with the same settings. */
  start(): void;
  /** Stops it and removes its folder (the server's log kept at `keepLog`). */
  remove(keepLog?: string): void;
}

/** A new cluster, running. `durable`: fsync and synchronous commit on, as in production. */
export async function createCluster(options: { durable?: boolean; settings?: string } = {}): Promise<PostgresCluster> {
  const bin = ensurePostgres();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-pg-'));
  const dataDir = path.join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: the cluster belongs to the postgres user.
  const run = (file: string, argv: string[]) => (asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...argv], { stdio: 'pipe' }) : execFileSync(file, argv, { stdio: 'pipe' }));
  if (asRoot) execFileSync('chown', ['postgres:postgres', root]);
  fs.chmodSync(root, 0o700);
  const port = await freePort();
  run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // Tests trade durability for speed; benchmarks run as production does.
  const settings = `-p ${port} -h 127.0.0.1 -k ${root}${options.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off'} -c max_connections=200${options.settings ? ` ${options.settings}` : ''}`;
  const log = path.join(root, 'server.log');
  const start = () => void run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', log, '-w', '-o', settings, 'start']);
  const stop = () => {
    try {
      run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already stopped.
    }
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    remove(keepLog) {
      stop();
      if (keepLog) fs.copyFileSync(log, keepLog);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
