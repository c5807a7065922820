import { describe, expect, it } from 'vitest';
import { passwordProblem } from '@shared/schemas/system';
import { delayAfter } from '@server/modules/auth/throttle';

describe('new passwords', () => {
  it.each<[string, string | null]>([
    ['aaaaaaa1', '密码须为8到64位，且包含大写字母、小写字母、数字、符号中的至少三种'],
    ['Short1!', '密码须为8到64位，且包含大写字母、小写字母、数字、符号中的至少三种'],
    ['Zhangsan-2026', '密码不能包含用户账号'],
    ['Good-pass-1', null],
    ['lower-and-9', null],
    ['UPPER9LOWERx', null],
    // What every guessing list starts with, stand-ins read back and digits around dropped.
    ...['Admin123', 'Passw0rd', 'P@ssw0rd', 'Passw0rd-1', 'Admin@123', 'Qwerty!1', 'Welcome1!', 'Aa123456', 'Abc@1234', '12345678A!', 'Zxcvbnm,1'].map((password): [string, string | null] => [
      password,
      '密码过于常见，容易被猜到，请换一个',
    ]),
    ['a1      ', '密码不能主要由空格组成'],
    ['Ab1 \t   ', '密码不能主要由空格组成'],
    // A space is no symbol: two kinds.
    ['longer pass 9', '密码须为8到64位，且包含大写字母、小写字母、数字、符号中的至少三种'],
    ['Better-pass9', null],
    ['Clerk-Pass-61', null],
    ['My admin 2026!', null],
  ])('%s → %s', (password, problem) => {
    expect(passwordProblem(password, 'zhangsan')).toBe(problem);
  });
  it('refuses Admin123 for admin', () => {
    expect(passwordProblem('Admin123', 'admin')).toBe('密码不能包含用户账号');
  });
});

describe('sign-in delays', () => {
  it('start after five failures, double, and stop growing at 8 s', () => {
    expect([0, 4, 5, 6, 7, 9, 30].map(delayAfter)).toEqual([0, 0, 500, 1000, 2000, 8000, 8000]);
  });
});
