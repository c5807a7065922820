/**
 * Moves source files and rewrites every import of them (and their own relative imports), so a
 * restructuring is one command: `node --import tsx tools/moveFiles.ts old=new [old=new …]`.
 * Paths are relative to the repository; a directory moves with everything in it. An import keeps
 * its style: an alias (`@web/…`) stays an alias where the new place has one, a relative path stays
 * relative. Then `git mv` moves the files.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const ALIASES: readonly [string, string][] = [
  ['@shared/', 'src/shared/'],
  ['@server/', 'src/server/'],
  ['@web/', 'src/web/'],
  ['@commands/', 'commands/'],
  ['@areas/', 'src/areas/'],
];
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'migrations' ? [] : walk(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [path.relative(ROOT, full)] : [];
  });
}

const files = ['src', 'commands', 'tests', 'tools'].flatMap((dir) => walk(path.join(ROOT, dir))).concat(fs.readdirSync(ROOT).filter((name) => /\.ts$/.test(name)));
const known = new Set(files);

/** The moves, file by file (a directory's files each). */
const moves = new Map<string, string>();
for (const argument of process.argv.slice(2)) {
  const [from, to] = argument.split('=') as [string, string];
  if (!from || !to) throw new Error(`not old=new: ${argument}`);
  if (known.has(from)) moves.set(from, to);
  // A directory's files, except those an earlier argument already moves elsewhere.
  else for (const file of files.filter((candidate) => candidate.startsWith(`${from}/`) && !moves.has(candidate))) moves.set(file, to + file.slice(from.length));
  if (![...moves.keys()].some((file) => file === from || file.startsWith(`${from}/`))) throw new Error(`nothing to move at ${from}`);
}

function resolve(from: string, spec: string): string | null {
  const alias = ALIASES.find(([prefix]) => spec.startsWith(prefix));
  const base = spec.startsWith('.') ? path.join(path.dirname(from), spec) : alias ? alias[1] + spec.slice(alias[0].length) : null;
  if (base === null) return null;
  if (known.has(base)) return base;
  const stem = base.replace(/\.(js|ts|tsx)$/, '');
  const found = EXTENSIONS.map((extension) => stem + extension).find((candidate) => known.has(candidate));
  return found ?? null;
}

/** How `file` (at its new place) names `target` (at its new place), in the style of `spec`. */
function specifier(file: string, target: string, spec: string): string {
  const bare = target.replace(/(\/index)?\.(ts|tsx)$/, '');
  const keptIndex = !/\/index$/.test(spec.replace(/\.(js|ts|tsx)$/, '')) && /\/index\.(ts|tsx)$/.test(target);
  const named = keptIndex ? bare : target.replace(/\.(ts|tsx)$/, '');
  if (!spec.startsWith('.')) {
    const alias = ALIASES.find(([, folder]) => named.startsWith(folder));
    if (alias) return alias[0] + named.slice(alias[1].length);
  }
  const relative = path.relative(path.dirname(file), named);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

const IMPORT = /(from\s+|import\(\s*|vi\.mock\(\s*|import\s+)(['"])([^'"]+)\2/g;
let rewritten = 0;
for (const file of files) {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const moved = moves.get(file) ?? file;
  const next = text.replace(IMPORT, (whole, lead: string, quote: string, spec: string) => {
    const target = resolve(file, spec);
    if (!target) return whole;
    const newTarget = moves.get(target) ?? target;
    if (newTarget === target && moved === file) return whole;
    const changed = specifier(moved, newTarget, spec);
    return changed === spec ? whole : `${lead}${quote}${changed}${quote}`;
  });
  if (next !== text) {
    fs.writeFileSync(path.join(ROOT, file), next);
    rewritten += 1;
  }
}
for (const [from, to] of moves) {
  fs.mkdirSync(path.dirname(path.join(ROOT, to)), { recursive: true });
  execFileSync('git', ['mv', from, to], { cwd: ROOT });
}
console.log(`moved ${moves.size} file(s), rewrote imports in ${rewritten}`);
