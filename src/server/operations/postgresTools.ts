import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/**
 * Where PostgreSQL's client programs are (pg_dump, pg_restore): PG_BIN_DIR when set, else the
 * newest of Debian's /usr/lib/postgresql/<version>/bin, else the PATH. A dump needs a pg_dump at
 * least as new as the server.
 */
export function postgresProgram(name: 'pg_dump' | 'pg_restore' | 'initdb' | 'pg_ctl'): string | null {
  const dirs = [process.env.PG_BIN_DIR, ...debianBinDirs()].filter((dir): dir is string => Boolean(dir));
  for (const dir of dirs) if (fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  const which = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

function debianBinDirs(): string[] {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(root, version, 'bin'));
}
