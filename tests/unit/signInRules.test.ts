import { describe, expect, it } from 'vitest';
import { passwordProblem } from '@shared/schemas/system';
import { delayAfter } from '@server/modules/auth/throttle';

describe('new passwords', () => {
  it.each([
    ['aaaaaaa1', '密码须为8到64位，且包含大写字母、小写字母、数字、符号中的至少三种'],
    ['Short1!', '密码须为8到64位，且包含大写字母、小写字母、数字、符号中的至少三种'],
    ['Zhangsan-2026', '密码不能包含用户账号'],
    ['Good-pass-1', null],
    ['lower-and-9', null],
    ['UPPER9LOWERx', null],
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
