import type { FastifyInstance } from 'fastify';
import { fieldTitle } from '@shared/validation';
import { badRequest } from './envelope';

/** How deep a body is searched; anything deeper is refused by the schemas anyway. */
const MAX_DEPTH = 32;

/** The path of the first key or string holding a NUL character, or null. */
export function nulPath(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  // Bytes (an upload's body) are not text: walking them would cost a key a byte.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = nulPath(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\0')];
    const found = nulPath(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL stores no NUL character in text: a NUL anywhere in the query, the path or the body is
 * refused with a 400 naming the field, before any handler sees it.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = nulPath(part);
      if (!path) continue;
      const key = path.join('.');
      throw badRequest(`${fieldTitle(path, 'zh-CN')}不能包含空字符（${key}）`, `${fieldTitle(path, 'en')} must not contain a NUL character (${key})`);
    }
  });
}
