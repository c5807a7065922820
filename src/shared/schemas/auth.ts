import { z } from 'zod';
import { passwordProblem, USERNAME_PATTERN } from './system';

/** Body of POST /sys/login. */
export const loginSchema = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64, '用户名不能超过64个字符'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码不能超过128个字符'),
  captcha: z.string().optional(),
  checkKey: z.union([z.string(), z.number()]).optional(),
  remember_me: z.boolean().optional(),
  /** Our console: answer its first requests with the sign-in (CONSOLE_START_PATHS). */
  consoleStart: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginSchema>;

/** Body of PUT|POST /sys/selectDepart. */
export const selectDepartSchema = z.object({
  orgCode: z.string({ error: '请选择部门' }).trim().min(1, '请选择部门'),
  username: z.string().optional(),
});
export type SelectDepartBody = z.infer<typeof selectDepartSchema>;

export const mobile = z
  .string({ error: '请输入手机号码' })
  .trim()
  .regex(/^1[3-9]\d{9}$/, '请输入正确的手机号码');
export const smsCode = z
  .string({ error: '请输入短信验证码' })
  .trim()
  .regex(/^\d{6}$/, '短信验证码为6位数字');

/** POST /sys/sms (and /account/sms): smsmode 0 sign-in, 1 registration, 2 password reset (JeecgBoot's). */
export const smsRequestSchema = z.object({
  mobile,
  smsmode: z.enum(['0', '1', '2', '3'], { error: '短信类型只能是0（登录）、1（注册）、2（找回密码）或3（绑定手机）' }).default('0'),
});

/** POST /sys/phoneLogin. */
export const phoneLoginSchema = z.object({ mobile, captcha: smsCode, consoleStart: z.boolean().optional() });

/** POST /sys/user/phoneVerification: the first step of a password reset. */
export const phoneVerificationSchema = z.object({ phone: mobile, smscode: smsCode });

const accountName = z.string({ error: '请输入用户账号' }).trim().min(1, '请输入用户账号').max(32, '用户账号不能超过32个字符').regex(USERNAME_PATTERN, '用户账号只能包含字母、数字和 _ . @ -');
const newPassword = z.string({ error: '请输入密码' }).min(1, '请输入密码');

function checkNewPassword(body: { username: string; password: string }, ctx: z.RefinementCtx) {
  const problem = passwordProblem(body.password, body.username);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
}

/** POST /sys/user/register: an account of one's own, proven by a code texted to its phone. */
export const registerSchema = z.object({ username: accountName, password: newPassword, phone: mobile, smscode: smsCode }).superRefine(checkNewPassword);

/** GET|POST /sys/user/passwordChange: the reset's second step, with the same code. */
export const passwordChangeSchema = z.object({ username: accountName, password: newPassword, phone: mobile, smscode: smsCode }).superRefine(checkNewPassword);
