/**
 * `npm test`: typecheck, lint and format check, unit tests, API tests on PGlite and on a throwaway PostgreSQL, the
 * production build, and the browser tests against it. Stops at the first failing step and ends
 * with one line of totals.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const reports = path.resolve('.tmp/test-reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** JSON report to count tests from. */
  report?: { file: string; kind: 'vitest' | 'playwright' };
}

const vitest = (dir: string, report: string): string[] => ['npx', 'vitest', 'run', dir, '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, report)}`];

const steps: Step[] = [
  // Types, lint (zero warnings) and formatting first: the cheapest failures.
  { name: 'typecheck, lint and format', command: ['npm', 'run', '--silent', 'check'] },
  { name: 'unit tests', command: vitest('tests/unit', 'unit.json'), report: { file: 'unit.json', kind: 'vitest' } },
  // Chromium and the CJK fonts (the API's PDFs are written with them too).
  { name: 'Chromium and CJK fonts', command: ['node', '--import', 'tsx', 'tests/support/ensureChromium.ts'] },
  { name: 'API tests on PGlite', command: vitest('tests/server', 'api-pglite.json'), report: { file: 'api-pglite.json', kind: 'vitest' } },
  {
    name: 'API tests on PostgreSQL',
    command: ['node', '--import', 'tsx', 'tests/support/withPostgres.ts', ...vitest('tests/server', 'api-postgres.json')],
    report: { file: 'api-postgres.json', kind: 'vitest' },
  },
  { name: 'production build', command: ['npx', 'vite', 'build'] },
  {
    name: 'end-to-end tests in Chromium',
    command: ['npx', 'playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') },
    report: { file: 'e2e.json', kind: 'playwright' },
  },
];

function count(report: NonNullable<Step['report']>): { passed: number; failed: number; skipped: number } {
  const file = path.join(reports, report.file);
  if (!fs.existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (report.kind === 'vitest') {
    return { passed: data.numPassedTests ?? 0, failed: data.numFailedTests ?? 0, skipped: (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0) };
  }
  const stats = data.stats ?? {};
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0), skipped: stats.skipped ?? 0 };
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();
let failedStep: string | null = null;

for (const step of steps) {
  const stepStarted = Date.now();
  console.log(`\n▶ ${step.name}: ${step.command.join(' ')}`);
  const result = spawnSync(step.command[0]!, step.command.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
  if (step.report) {
    const counted = count(step.report);
    totals.passed += counted.passed;
    totals.failed += counted.failed;
    totals.skipped += counted.skipped;
    console.log(`  ${step.name}: ${counted.passed} passed, ${counted.failed} failed (${seconds} s)`);
  } else {
    console.log(`  ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
  }
  if (result.status !== 0) {
    failedStep = step.name;
    if (step.report && count(step.report).failed === 0) totals.failed += 1;
    break;
  }
}

console.log(`\n${failedStep ? `✗ failed at: ${failedStep}` : '✓ every step passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
