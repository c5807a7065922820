import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { dateTimeIn, DEFAULT_TIME_ZONE, parseSchoolTime } from '@shared/schoolTime';

/**
 * The school's clock of the request being answered: times shown to a school's staff, and times
 * they type, are on its wall clock whatever zone the server runs in. Set once the caller's school
 * is known (the auth guard); the default school zone before that.
 */
const clock = new AsyncLocalStorage<{ zone: string }>();

/** Every request runs with its own clock (installed before the auth guard). */
export function installSchoolClock(api: FastifyInstance): void {
  api.addHook('onRequest', (_request, _reply, done) => clock.run({ zone: DEFAULT_TIME_ZONE }, done));
}

/** The caller's school is known: its zone from now on in this request. */
export function setRequestZone(zone: string): void {
  const current = clock.getStore();
  if (current) current.zone = zone;
}

/** The zone of the request being answered (the default outside a request: jobs, seeds). */
export const requestZone = (): string => clock.getStore()?.zone ?? DEFAULT_TIME_ZONE;

/** An instant as the school reads it: `YYYY-MM-DD HH:mm:ss`. */
export const schoolDateTime = (value: Date): string => dateTimeIn(requestZone(), value);

/**
 * A time the school typed (`YYYY-MM-DD`, `… HH:mm` or `… HH:mm:ss`, or an ISO instant with its
 * offset) as an instant; null when it is not a real time.
 */
export function parseTypedTime(text: string): Date | null {
  const trimmed = text.trim();
  if (/[zZ]$|[+-]\d\d:?\d\d$/.test(trimmed) && trimmed.includes('T')) {
    const at = new Date(trimmed);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  const full = /^\d{4}-\d\d-\d\d$/.test(trimmed) ? `${trimmed} 00:00:00` : /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d$/.test(trimmed) ? `${trimmed}:00` : trimmed;
  return parseSchoolTime(requestZone(), full.replace('T', ' '));
}
