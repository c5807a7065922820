/**
 * No key lost on a slow machine: every keyboard journey of `tests/e2e/support/keyJourneys.ts`,
 * with Chromium's CPU slowed (4× unless `KEYS_THROTTLE` says otherwise) and each key sent the
 * moment the previous one is delivered. Prints, per journey, the keys sent and the keys lost (goal
 * 0) with what the page showed for each loss; exits 1 if any key was lost.
 *   node --import tsx tests/bench/keyboard.ts [--base URL] [--rounds N] [--only name,name]
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/constants';
import { JOURNEYS, Keys, signIn } from '../e2e/support/keyJourneys';
import { consoleForBench } from './consoleServer';

const argument = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const rounds = Number(argument('--rounds') ?? 10);
const only = argument('--only')?.split(',');
const rate = Number(process.env.KEYS_THROTTLE ?? 4);

const { base, stop, password } = await consoleForBench('keys');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const rows: { name: string; sent: number; lost: number; seconds: number; notes: string[] }[] = [];
try {
  for (const journey of JOURNEYS.filter((one) => !only || only.includes(one.name))) {
    const context = await browser.newContext({ baseURL: base, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    const started = Date.now();
    // Signed in at full speed (journeys that sign in themselves do it again); slowed from here.
    if (journey.user) await signIn(page, journey.user, password);
    const keys = await Keys.of(page, rate);
    try {
      await journey.run(keys, rounds);
    } catch (error) {
      keys.lose(0, `stopped: ${(error as Error).message.split('\n')[0]}`);
    }
    rows.push({ name: journey.name, ...keys.count, seconds: (Date.now() - started) / 1000 });
    console.log(`  ${journey.name}: ${keys.count.sent} keys sent, ${keys.count.lost} lost (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    await context.close();
  }
} finally {
  await browser.close();
  stop();
}

const sent = rows.reduce((sum, row) => sum + row.sent, 0);
const lost = rows.reduce((sum, row) => sum + row.lost, 0);
console.log(`keyboard journeys with the CPU slowed ${rate}×, keys sent without waiting (${rounds} rounds each, production build, Chromium):`);
for (const row of rows) {
  console.log(`  ${row.name.padEnd(22)} ${String(row.sent).padStart(5)} sent ${String(row.lost).padStart(4)} lost  (${row.seconds.toFixed(0)} s)`);
  for (const note of row.notes) console.log(`      ${note}`);
}
console.log(`  ${'all'.padEnd(22)} ${String(sent).padStart(5)} sent ${String(lost).padStart(4)} lost — goal 0 lost`);
if (lost > 0 || rows.some((row) => row.notes.length)) process.exitCode = 1;
