/**
 * Request bodies of 学校管理 (JeecgBoot's /sys/tenant): a school and, when it is created, its first
 * administrator. The server parses with these and the form checks with them, so both refuse alike.
 */
import { z } from 'zod';
import { isTimeZone } from '../schoolTime';
import { keptText, MOBILE_PATTERN, passwordProblem, USERNAME_PATTERN } from './system';

/** The largest school number: tenant ids are 32-bit integers. */
export const MAX_SCHOOL_ID = 2_147_483_647;

const schoolFields = {
  name: z.string({ error: '请输入学校名称' }).trim().min(1, '请输入学校名称').max(100, '学校名称不能超过100个字符'),
  icp: keptText(100, 'ICP备案号'),
  copyright: keptText(200, '版权信息'),
  /** The school's clock: every day of the card office is a day in this zone. Left out: unchanged (Asia/Shanghai when new). */
  timeZone: z
    .string()
    .trim()
    .refine((zone) => isTimeZone(zone), '时区无效，请填写如 Asia/Shanghai 的时区名称')
    .optional(),
  offlineDays: z.coerce.number({ error: '离线交易上传期限须为1到30天' }).int('离线交易上传期限须为1到30天').min(1, '离线交易上传期限须为1到30天').max(30, '离线交易上传期限须为1到30天').optional(),
  recordRangeDays: z.coerce
    .number({ error: '记录查询的最长区间须为1到366天' })
    .int('记录查询的最长区间须为1到366天')
    .min(1, '记录查询的最长区间须为1到366天')
    .max(366, '记录查询的最长区间须为1到366天')
    .optional(),
  checkerWaitDays: z.coerce.number({ error: '审核回避期须为0到3650天' }).int('审核回避期须为0到3650天').min(0, '审核回避期须为0到3650天').max(3650, '审核回避期须为0到3650天').optional(),
  /** 请假退餐费: 1 次日起 · 2 当餐起. */
  mealRefundStart: z.enum(['1', '2'], { error: '退餐生效点须为次日起或当餐起' }).optional(),
  mealRefundMinDays: z.coerce.number({ error: '最少退餐天数须为0到30天' }).int('最少退餐天数须为0到30天').min(0, '最少退餐天数须为0到30天').max(30, '最少退餐天数须为0到30天').optional(),
};

/** POST /sys/tenant/add: the school (its number may be chosen) and its first administrator. */
export const schoolAddSchema = z
  .object({
    id: z.coerce
      .number({ error: '学校编号须为正整数' })
      .int('学校编号须为正整数')
      .min(1, '学校编号须为正整数')
      .max(MAX_SCHOOL_ID, '学校编号过大')
      .optional()
      .or(z.literal('').transform(() => undefined))
      .or(z.null().transform(() => undefined)),
    ...schoolFields,
    adminUsername: z.string({ error: '请输入管理员账号' }).trim().min(1, '请输入管理员账号').max(32, '管理员账号不能超过32个字符').regex(USERNAME_PATTERN, '用户账号只能包含字母、数字和 _ . @ -'),
    adminRealname: z.string({ error: '请输入管理员姓名' }).trim().min(1, '请输入管理员姓名').max(50, '管理员姓名不能超过50个字符'),
    adminPassword: z.string({ error: '请输入管理员密码' }).min(1, '请输入管理员密码'),
    adminPhone: keptText(11, '手机号码').refine((value) => value == null || MOBILE_PATTERN.test(value), '请输入正确的手机号码'),
  })
  .superRefine((body, ctx) => {
    const problem = passwordProblem(body.adminPassword, body.adminUsername);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['adminPassword'] });
  });
export type SchoolAddBody = z.infer<typeof schoolAddSchema>;

/** A school's number as the routes take it: a whole number, or its digits (never null read as 0). */
export const schoolIdSchema = z
  .union([z.number().int().min(0).max(MAX_SCHOOL_ID), z.string().regex(/^\d{1,10}$/)], { error: '缺少学校编号' })
  .transform(Number)
  .refine((id) => id <= MAX_SCHOOL_ID, '缺少学校编号');

/** PUT /sys/tenant/edit: the name and the footer lines; a line left out stays as it is. */
export const schoolEditSchema = z.object({
  id: schoolIdSchema,
  ...schoolFields,
});
