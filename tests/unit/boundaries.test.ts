import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph, twoWayPairs } from '../support/importGraph';

const root = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Each area's folder (src/areas/<area>). */
const areaFolders = fs
  .readdirSync(path.join(root, 'src/areas'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => path.join(root, 'src/areas', entry.name));
const areaHalves = (half: string) => areaFolders.map((folder) => path.join(folder, half)).filter((folder) => fs.existsSync(folder));

const importsOf = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]!);

describe('module boundaries', () => {
  it('keeps the web app and commands away from the server', () => {
    const offenders = [...sources(path.join(root, 'src/web')), ...sources(path.join(root, 'commands')), ...areaHalves('web').flatMap(sources)].filter((file) =>
      importsOf(file).some((spec) => spec.startsWith('@server') || spec.includes('/server/')),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps src/shared free of both halves', () => {
    const offenders = [...sources(path.join(root, 'src/shared')), ...areaHalves('shared').flatMap(sources)].filter((file) =>
      importsOf(file).some((spec) => /^@(server|web)\//.test(spec) || spec.includes('/server/') || spec.includes('/web/')),
    );
    expect(offenders).toEqual([]);
  });

  it('lets only the ledger service write accounts, cards and the ledger', () => {
    // The drizzle tables and their SQL names: any insert, update or delete of them elsewhere is a second writer.
    const tables = ['accounts', 'cards', 'ledgerTransactions', 'ledgerEntries', 'cardReplacements', 'adjustments'];
    const names = ['memb_account', 'memb_card', 'fin_txn', 'fin_entry', 'memb_card_replace', 'fin_adjustment'];
    const writes = new RegExp(`\\.(insert|update|delete)\\(\\s*(?:t\\.)?(${tables.join('|')})\\s*\\)|\\b(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+"?(${names.join('|')})\\b`, 'i');
    const ledgerDir = path.join(root, 'src/server/modules/ledger');
    const offenders = [...sources(path.join(root, 'src/server')), ...areaHalves('server').flatMap(sources)].filter((file) => !file.startsWith(ledgerDir) && writes.test(fs.readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
    // The check itself sees a write when there is one.
    expect(writes.test('await tx.update(accounts).set({ cash: 0 })')).toBe(true);
    expect(writes.test('INSERT INTO fin_entry (id) VALUES (1)')).toBe(true);
  });
});

/** Two-way folder pairs that remain, each for a reason ARCHITECTURE.md gives ("Areas as packages"). */
const ALLOWED_PAIRS = {
  'src/web': ['engine↔grid'],
  'src/server': ['crud↔modules', 'db↔modules', 'http↔modules', 'jobs↔modules', 'modules↔realtime'],
};
describe('areas and layers', () => {
  const graph = importGraph();
  const entryPoints = new Set(['src/server/main.ts', 'src/web/main.tsx']);
  const inArea = (file: string) => /^src\/areas\/[^/]+\//.test(file);
  const areaOf = (file: string) => /^src\/areas\/([^/]+)\//.exec(file)?.[1];

  it('the platform imports no area: it reads what the entry points installed', () => {
    const offenders = [...graph]
      .filter(([file]) => !inArea(file) && !file.startsWith('src/areas/') && !entryPoints.has(file))
      .flatMap(([file, imports]) => imports.filter(({ target }) => target?.startsWith('src/areas/')).map(({ spec }) => `${file} → ${spec}`));
    expect(offenders).toEqual([]);
  });

  it('an area leaves its folder by the aliases only, and reaches another area through its index', () => {
    const offenders = [...graph]
      .filter(([file]) => inArea(file))
      .flatMap(([file, imports]) =>
        imports
          .filter(({ spec, target }) => {
            if (spec.startsWith('.')) return target !== null && areaOf(target) !== areaOf(file) && !target.startsWith('tests/') && !/^(\.\.\/)+tests\/support\//.test(spec);
            const other = /^@areas\/([^/]+)(\/.*)?$/.exec(spec);
            if (!other) return false;
            // Another area's published halves (`@areas/devices/server`), never a file inside it, nor the composition root.
            return other[1] !== areaOf(file) && !/^\/(shared|server|web)$/.test(other[2] ?? '');
          })
          .map(({ spec }) => `${file} → ${spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it('no module imports back up its own tree: there is no import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('keeps the two-way folder pairs inside each half to the few ARCHITECTURE.md names', () => {
    for (const [half, allowed] of Object.entries(ALLOWED_PAIRS)) expect(twoWayPairs(graph, half), half).toEqual(allowed);
  });

  it('sees a cycle and a pair when there is one', () => {
    const made = new Map([
      ['src/web/a/x.ts', [{ spec: '../b/y', target: 'src/web/b/y.ts' }]],
      ['src/web/b/y.ts', [{ spec: '../a/x', target: 'src/web/a/x.ts' }]],
    ]);
    expect(cycles(made)).toEqual([['src/web/a/x.ts', 'src/web/b/y.ts']]);
    expect(twoWayPairs(made, 'src/web')).toEqual(['a↔b']);
  });
});
