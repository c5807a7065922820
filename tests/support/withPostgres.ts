/**
 * Runs a command against a throwaway PostgreSQL cluster: initdb into a temp folder (as the
 * `postgres` user when running as root), pg_ctl on a free loopback port, TEST_DATABASE_URL set
 * for the command, and the cluster removed afterwards.
 *   node --import tsx tests/support/withPostgres.ts <command> [args…]
 */
import { spawn } from 'node:child_process';
import { createCluster } from './postgresCluster';

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command) throw new Error('usage: withPostgres.ts <command> [args…]');
  const started = Date.now();
  // PG_DURABLE=1: benchmarks run as production does. PG_SETTINGS adds settings of one's own
  // (a profile: `-c session_preload_libraries=auto_explain …`).
  const cluster = await createCluster({ durable: process.env.PG_DURABLE === '1', settings: process.env.PG_SETTINGS });
  console.log(`[pg] PostgreSQL ready on 127.0.0.1:${cluster.port} in ${Date.now() - started} ms`);

  const stop = () => {
    const stopping = Date.now();
    // PG_LOG keeps the server's log (with a profile's plans) where it says.
    cluster.remove(process.env.PG_LOG);
    console.log(`[pg] cluster stopped and removed in ${Date.now() - stopping} ms`);
  };

  try {
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: cluster.url },
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
