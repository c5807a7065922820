import { z } from 'zod';

/** Body of POST /sys/login. */
export const loginSchema = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64, '用户名不能超过64个字符'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码不能超过128个字符'),
  captcha: z.string().optional(),
  checkKey: z.union([z.string(), z.number()]).optional(),
  remember_me: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginSchema>;

/** Body of PUT|POST /sys/selectDepart. */
export const selectDepartSchema = z.object({
  orgCode: z.string({ error: '请选择部门' }).trim().min(1, '请选择部门'),
  username: z.string().optional(),
});
export type SelectDepartBody = z.infer<typeof selectDepartSchema>;
