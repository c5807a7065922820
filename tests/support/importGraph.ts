/**
 * The import graph of the sources (src/ and commands/): static imports, re-exports and `import()`,
 * resolved through the path aliases; `import type` is left out (it costs nothing at run time and
 * makes no cycle of loading). Read by the boundary tests: cycles, two-way folder pairs, areas.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const ALIASES: Readonly<Record<string, string>> = { '@shared/': 'src/shared/', '@server/': 'src/server/', '@web/': 'src/web/', '@commands/': 'commands/', '@areas/': 'src/areas/' };

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : walk(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** An import as written in a file, and the source file it names (null: a package). */
export interface Import {
  spec: string;
  target: string | null;
}

function importsIn(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const typeOnly = (elements: readonly { isTypeOnly: boolean }[]) => elements.length > 0 && elements.every((element) => element.isTypeOnly);
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const onlyTypes = clause?.isTypeOnly || (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && typeOnly(clause.namedBindings.elements));
      if (!onlyTypes) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const onlyTypes = node.isTypeOnly || (node.exportClause && ts.isNamedExports(node.exportClause) && typeOnly(node.exportClause.elements));
      if (!onlyTypes) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every source file (relative to the root) with the imports it makes. */
export function importGraph(): Map<string, Import[]> {
  const files = [...walk(path.join(ROOT, 'src')), ...walk(path.join(ROOT, 'commands'))].map((file) => path.relative(ROOT, file));
  const known = new Set(files);
  const resolve = (from: string, spec: string): string | null => {
    const alias = Object.keys(ALIASES).find((prefix) => spec.startsWith(prefix));
    const base = spec.startsWith('.') ? path.join(path.dirname(from), spec) : alias ? ALIASES[alias] + spec.slice(alias.length) : null;
    if (base === null) return null;
    const stem = base.replace(/\.(js|ts|tsx)$/, '');
    return [`${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`].find((candidate) => known.has(candidate)) ?? null;
  };
  return new Map(files.map((file) => [file, importsIn(path.join(ROOT, file)).map((spec) => ({ spec, target: resolve(file, spec) }))]));
}

/** The import cycles (strongly connected components of more than one file), each sorted. */
export function cycles(graph: Map<string, Import[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const { target } of graph.get(file) ?? []) {
      if (!target || target === file) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** Pairs of folders (the first folder under `half`, or `(root)`) that import each other, as `a↔b` sorted. */
export function twoWayPairs(graph: Map<string, Import[]>, half: string): string[] {
  const folderOf = (file: string) => {
    const rest = path.relative(half, file);
    return rest.includes(path.sep) ? rest.split(path.sep)[0]! : '(root)';
  };
  const edges = new Set<string>();
  for (const [file, imports] of graph) {
    if (!file.startsWith(`${half}/`)) continue;
    for (const { target } of imports) {
      if (!target?.startsWith(`${half}/`)) continue;
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from !== to) edges.add(`${from}→${to}`);
    }
  }
  return [...edges]
    .map((edge) => edge.split('→') as [string, string])
    .filter(([from, to]) => from < to && edges.has(`${to}→${from}`))
    .map(([from, to]) => `${from}↔${to}`)
    .sort();
}
