/**
 * Every module that declares how a kind of queued effect is delivered (`outboxHandler`, or a
 * `batchRun` that declares two) is imported by `wiring/outboxHandlers.ts`: a deliverer that loaded only
 * that module (the sample weeks before the server starts) knows every kind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const DECLARES = /^(outboxHandler|batchRun)\(/m;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'tests' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('outbox handlers', () => {
  it('wiring/outboxHandlers.ts imports every module that declares a handler', () => {
    const registry = path.join(root, 'src/server/wiring/outboxHandlers.ts');
    const imported = new Set([...fs.readFileSync(registry, 'utf8').matchAll(/^import '([^']+)';$/gm)].map((match) => path.resolve(path.dirname(registry), `${match[1]}.ts`)));
    const declaring = [...sources(path.join(root, 'src/server')), ...sources(path.join(root, 'src/areas'))].filter((file) => DECLARES.test(fs.readFileSync(file, 'utf8')));
    expect(declaring.length).toBeGreaterThan(5);
    const missing = declaring.filter((file) => !imported.has(file)).map((file) => path.relative(root, file));
    expect(missing).toEqual([]);
  });
});
