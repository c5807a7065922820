/**
 * Imports every module of the platform's server, shared half and commands without installing the
 * areas, and prints the ones whose loading read the areas (a registry read at import time would
 * see no area, or throw). Run by tests/unit/areas.test.ts in a process of its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : walk(full);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
const modules = ['src/shared', 'src/server', 'commands'].flatMap((dir) => walk(path.join(root, dir))).filter((file) => !file.endsWith(path.join('src', 'server', 'main.ts')));
const failures: string[] = [];
for (const file of modules) {
  try {
    await import(pathToFileURL(file).href);
  } catch (error) {
    failures.push(`${path.relative(root, file)}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
console.log(JSON.stringify({ imported: modules.length, failures }));
