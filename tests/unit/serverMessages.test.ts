import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toEnglish } from '@server/http/language';

/** Source folders whose Chinese literals are messages a user may see from the server. */
const FOLDERS = [
  'src/server/modules',
  'src/server/http',
  'src/shared/schemas',
  'src/shared/grid/validation.ts',
  'src/shared/demo',
  // Each area's server half: its messages' English is in its manifest, installed before the tests.
  ...fs
    .readdirSync('src/areas', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `src/areas/${entry.name}/server`),
];
/** Literals that are data, not messages (dictionary texts, titles composed into messages), or carry their English beside them. */
const DATA =
  /(badRequest\(|both\(|ApiError\(\d+, )'[^']*', ['`][^'`]*['`]|`[^`]*`|reason: '[^']+'|optionalText\(\d+, '[^']+'\)|keptText\(\d+, '[^']+'\)|title: '[^']+'|roleName: '[^']+'|description: '[^']+'|label: '[^']+'|text: '[^']+'|'zh-CN': '[^']*', en: '[^']*'|'(男|女|正常|冻结|学校|年级|班级)'/g;

function literals(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      // A module's seed is data (names, reasons a clerk typed), not messages.
      else if (/\.ts$/.test(entry.name) && !full.endsWith('language.ts') && !/[sS]eed\.ts$/.test(entry.name)) read(full);
    }
  };
  const read = (file: string) => {
    const source = fs
      .readFileSync(file, 'utf8')
      .replace(/^\s*(\/\/|\*|\/\*).*$/gm, '')
      .replace(DATA, '');
    for (const match of source.matchAll(/'([^'\n]*[\u4e00-\u9fff][^'\n]*)'/g)) found.push({ file, text: match[1]! });
  };
  for (const folder of FOLDERS) {
    if (folder.endsWith('.ts')) read(folder);
    else walk(folder);
  }
  return found;
}

describe('server messages in English', () => {
  it('every fixed Chinese message the server can send has its English', () => {
    const missing = literals().filter(({ text }) => toEnglish(text) === text);
    expect(missing.map(({ file, text }) => `${file}: ${text}`)).toEqual([]);
  });

  it('keeps the field named in a message, and translates row prefixes and limits', () => {
    expect(toEnglish('请输入用户账号（username）')).toBe('Please enter the username (username)');
    expect(toEnglish('工号不能超过32个字符（workNo）')).toBe('Work number must be at most 32 characters (workNo)');
    expect(toEnglish('第 1 行 金额：请输入正确的金额')).toBe('Row 1: Amount: Please enter a valid amount');
    expect(toEnglish('第 2 行的记录已不存在（可能已被他人删除），请刷新后再试')).toBe('Row 2: The record no longer exists (someone may have deleted it); please reload');
    // Unknown text stays as it is rather than being guessed at.
    expect(toEnglish('某条未知消息')).toBe('某条未知消息');
  });
});
