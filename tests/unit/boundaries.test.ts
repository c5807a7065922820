import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const importsOf = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]!);

describe('module boundaries', () => {
  it('keeps the web app and commands away from the server', () => {
    const offenders = [...sources(path.join(root, 'src/web')), ...sources(path.join(root, 'commands'))].filter((file) =>
      importsOf(file).some((spec) => spec.startsWith('@server') || spec.includes('/server/')),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps src/shared free of both halves', () => {
    const offenders = sources(path.join(root, 'src/shared')).filter((file) => importsOf(file).some((spec) => /^@(server|web)\//.test(spec) || spec.includes('/server/') || spec.includes('/web/')));
    expect(offenders).toEqual([]);
  });

  it('lets only the ledger service write accounts, cards and the ledger', () => {
    // The drizzle tables and their SQL names: any insert, update or delete of them elsewhere is a second writer.
    const tables = ['accounts', 'cards', 'ledgerTransactions', 'ledgerEntries', 'cardReplacements', 'adjustments'];
    const names = ['memb_account', 'memb_card', 'fin_txn', 'fin_entry', 'memb_card_replace', 'fin_adjustment'];
    const writes = new RegExp(`\\.(insert|update|delete)\\(\\s*(?:t\\.)?(${tables.join('|')})\\s*\\)|\\b(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+"?(${names.join('|')})\\b`, 'i');
    const ledgerDir = path.join(root, 'src/server/modules/ledger');
    const offenders = sources(path.join(root, 'src/server')).filter((file) => !file.startsWith(ledgerDir) && writes.test(fs.readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
    // The check itself sees a write when there is one.
    expect(writes.test('await tx.update(accounts).set({ cash: 0 })')).toBe(true);
    expect(writes.test('INSERT INTO fin_entry (id) VALUES (1)')).toBe(true);
  });
});
