import { describe, expect, it } from 'vitest';
import { nextRuns } from '@shared/cron';

describe('a job schedule as Quartz writes it', () => {
  const times = (expression: string) => nextRuns(expression, 3, new Date('2026-12-01T00:00:00Z'))!.map((at) => at.toISOString());

  it('reads ? as no particular day: a weekday schedule runs on that weekday only, in the school’s zone', () => {
    // Sunday 03:40 in Shanghai is Saturday 19:40 UTC.
    expect(times('0 40 3 ? * SUN')).toEqual(['2026-12-05T19:40:00.000Z', '2026-12-12T19:40:00.000Z', '2026-12-19T19:40:00.000Z']);
    expect(times('0 0 12 15 * ?')).toEqual(['2026-12-15T04:00:00.000Z', '2027-01-15T04:00:00.000Z', '2027-02-15T04:00:00.000Z']);
  });

  it('reads a/step as from a, every step, and a daily one as every day', () => {
    expect(times('0 0 2 * * ?')).toEqual(['2026-12-01T18:00:00.000Z', '2026-12-02T18:00:00.000Z', '2026-12-03T18:00:00.000Z']);
    expect(times('0 5/20 * * * ?')).toEqual(['2026-12-01T00:05:00.000Z', '2026-12-01T00:25:00.000Z', '2026-12-01T00:45:00.000Z']);
  });
});
