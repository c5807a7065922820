import { expect, test } from './support/pages';
import { Keys, clerksDay, paletteThenClose, scanAfterSignIn, signIn, type KeyCount } from './support/keyJourneys';

/**
 * No key lost on a slow machine: a few of the keyboard journeys with Chromium's CPU slowed 4× and
 * every key sent without waiting for the page. The whole set, with more rounds, is
 * `node --import tsx tests/bench/keyboard.ts` (it prints keys sent and lost).
 */
const RATE = 4;

// A slowed page on a busy machine takes its time: what is asserted is that no key is lost, not how fast.
test.describe.configure({ timeout: 360_000 });

const noneLost = (count: KeyCount) => {
  expect(count.notes, 'what the page showed for each lost key').toEqual([]);
  expect(count.lost).toBe(0);
  expect(count.sent).toBeGreaterThan(0);
};

test('slowed 4×: Ctrl+K, a screen’s initials, Enter and the close key as soon as the address changes close the new tab each time', async ({ page }) => {
  await signIn(page, 'admin');
  const keys = await Keys.of(page, RATE);
  await paletteThenClose(keys, 4);
  noneLost(keys.count);
});

test('slowed 4×: the first scan after sign-in (Ctrl+K, eight digits, Enter the moment the address is the console’s) opens that person', async ({ page }) => {
  const keys = await Keys.of(page, RATE);
  await scanAfterSignIn(keys, 2);
  noneLost(keys.count);
});

test('slowed 4×: the clerk’s day in one burst — 柜台消费 ¥1.00 typed twice, 挂失 and 解挂 with Enter on their questions — paid once, the card back to 正常', async ({ page }) => {
  await signIn(page, 'admin');
  const keys = await Keys.of(page, RATE);
  await clerksDay(keys, 1);
  noneLost(keys.count);
});
