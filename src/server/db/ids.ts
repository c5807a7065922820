import { randomUUID } from 'node:crypto';

/** A 32-character hex id, the shape JeecgBoot clients expect. */
export function newId(): string {
  return randomUUID().replaceAll('-', '');
}
