import { z } from 'zod';
import { issueMessage, type FieldTitles } from '@shared/validation';
import { badRequest } from './envelope';

/**
 * Parses input with a shared zod schema; a failure becomes a 400 whose message names the field,
 * e.g. `请输入用户名（username）`. Rules without a message of their own speak the user's language
 * with the field's title (`用户账号应为文本（username）`), in Chinese and in English.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, titles?: FieldTitles): z.infer<S> {
  const parsed = schema.safeParse(input ?? {}, { error: (issue) => issueMessage(issue, 'zh-CN', titles) });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  // Only on failure: the same parse again for the English wording.
  const english = schema.safeParse(input ?? {}, { error: (other) => issueMessage(other, 'en', titles) }).error?.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  const message = issue?.message ?? '请求参数错误';
  const en = english && english.message !== message ? english.message : undefined;
  throw badRequest(field ? `${message}（${field}）` : message, en && (field ? `${en} (${field})` : en));
}

/** A day of the school's calendar, as a date picker sends it: a real date. */
export const schoolDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d\d-\d\d$/, '日期格式应为YYYY-MM-DD')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), '日期格式应为YYYY-MM-DD');
