import type { z } from 'zod';
import { badRequest } from './envelope';

/**
 * Parses input with a shared zod schema; a failure becomes a 400 whose message names the field,
 * e.g. `请输入用户名（username）`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  const message = issue?.message ?? '请求参数错误';
  throw badRequest(field ? `${message}（${field}）` : message);
}
