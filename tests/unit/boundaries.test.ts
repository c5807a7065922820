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
});
