/** 个人设置's bodies: the user's own profile, phone and notice preferences. */
import { z } from 'zod';
import { keptText } from './system';

export const profileSchema = z.object({
  realname: z.string({ error: '请输入用户名称' }).trim().min(1, '请输入用户名称').max(50, '用户名称不能超过50个字符'),
  nickname: keptText(50, '昵称'),
  email: keptText(100, '邮箱').refine((value) => value == null || z.email().safeParse(value).success, '请输入正确的邮箱地址'),
  sex: z
    .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2'), z.literal(''), z.null()])
    .optional()
    .transform((value) => (value ? Number(value) : null)),
  avatar: keptText(500, '头像'),
});
export type ProfileBody = z.infer<typeof profileSchema>;

export const bindPhoneSchema = z.object({
  phone: z
    .string({ error: '请输入手机号码' })
    .trim()
    .regex(/^1[3-9]\d{9}$/, '请输入正确的手机号码'),
  smscode: z
    .string({ error: '请输入短信验证码' })
    .trim()
    .regex(/^\d{6}$/, '短信验证码为6位数字'),
});

/** What the header's notices do for this user: a toast when one arrives; system messages in the badge. */
export const noticePrefsSchema = z.object({ toast: z.boolean().default(true), systemInBadge: z.boolean().default(true) });
/** PUT of the preferences: both said, yes or no. */
export const noticePrefsBodySchema = z.object({ toast: z.boolean({ error: '请指定是否弹出新消息提醒' }), systemInBadge: z.boolean({ error: '请指定系统消息是否计入角标' }) });
export type NoticePrefs = z.infer<typeof noticePrefsSchema>;
export const DEFAULT_NOTICE_PREFS: NoticePrefs = { toast: true, systemInBadge: true };
