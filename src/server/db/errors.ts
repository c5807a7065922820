/** PostgreSQL's unique_violation: the same on PGlite and on a real server. */
const UNIQUE_VIOLATION = '23505';

/** True when the error (or what it wraps: drizzle wraps the driver's) is a unique-key violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
