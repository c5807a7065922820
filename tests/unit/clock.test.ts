import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { onSimulatedClock, simulatedNow } from '@server/clock/simulatedClock';

describe('the simulated clock the sample school lives on', () => {
  it('moves Date, Date.now and dayjs to the simulated time, forward only, and puts the real clock back', async () => {
    const before = new Date();
    const start = new Date('2026-11-02T00:00:00+08:00');
    expect(simulatedNow()).toBeNull();
    await onSimulatedClock(start, async (clock) => {
      expect(Math.abs(Date.now() - start.getTime())).toBeLessThan(1000);
      expect(new Date().getTime()).toBeGreaterThanOrEqual(start.getTime());
      expect(dayjs().format('YYYY-MM-DD')).toBe(dayjs(start).format('YYYY-MM-DD'));
      clock.set(new Date('2026-11-03T12:05:00+08:00'));
      expect(new Date().toISOString().slice(0, 16)).toBe('2026-11-03T04:05');
      // Not backwards: an event late in its batch does not rewind the school.
      clock.set(new Date('2026-11-03T08:00:00+08:00'));
      expect(new Date().toISOString().slice(0, 16)).toBe('2026-11-03T04:05');
      expect(simulatedNow()!.toISOString().slice(0, 16)).toBe('2026-11-03T04:05');
      // Dates with their own time, and Dates made before the switch, are Dates as before.
      expect(new Date('2020-01-01T00:00:00Z').getUTCFullYear()).toBe(2020);
      expect(before instanceof Date).toBe(true);
    });
    expect(simulatedNow()).toBeNull();
    expect(Math.abs(Date.now() - before.getTime())).toBeLessThan(60_000);
  });

  it('puts the real clock back when the simulation fails', async () => {
    await expect(
      onSimulatedClock(new Date('2026-01-01T00:00:00Z'), async () => {
        throw new Error('broken day');
      }),
    ).rejects.toThrow('broken day');
    expect(new Date().getFullYear()).toBeGreaterThanOrEqual(2026);
    expect(Math.abs(Date.now() - new Date().getTime())).toBeLessThan(1000);
    expect(simulatedNow()).toBeNull();
  });
});
