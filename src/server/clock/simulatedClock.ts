/**
 * The server's clock: the real one, except while the sample school is made. Then the school's
 * weeks run on a simulated clock, so that what the product's own services write (postings, passes,
 * bills, messages, 创建时间) carries the simulated time: `Date` itself reads it (every `new Date()`,
 * `Date.now()` and dayjs() of the services), and the one database function that reads the
 * database's clock on a hot path (a payment's posting time) is given it (`simulatedNow`).
 *
 * The simulated clock runs at real speed from the instant it was last set, so two postings a moment
 * apart stay a moment apart.
 */
const RealDate = Date;

let simulated: { at: number; setAt: number } | null = null;

const nowMs = (): number => (simulated ? simulated.at + (RealDate.now() - simulated.setAt) : RealDate.now());

/** The simulated instant, or null on the real clock (every live request: the database's own clock stands). */
export function simulatedNow(): Date | null {
  return simulated ? new RealDate(nowMs()) : null;
}

/** `Date` on the simulated clock: `new Date()` and `Date.now()` read it; every other use is the real Date's. */
class SimulatedDate extends RealDate {
  constructor(...args: ConstructorParameters<DateConstructor> | []) {
    if (args.length === 0) super(nowMs());
    else super(...(args as [string]));
  }

  static override now(): number {
    return nowMs();
  }

  /** A Date made before the clock was switched is a Date still. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof RealDate;
  }
}

export interface SimulatedClock {
  /** Moves the clock to an instant (forward only: the school's past is not rewritten). */
  set(at: Date | number): void;
  now(): Date;
}

/**
 * Runs `work` on a simulated clock starting at `start`, and puts the real clock back afterwards,
 * whatever happens. One at a time: nothing else in the process should run meanwhile (the sample
 * school is made before the server listens).
 */
export async function onSimulatedClock<T>(start: Date, work: (clock: SimulatedClock) => Promise<T>): Promise<T> {
  if (simulated) throw new Error('the clock is already simulated');
  simulated = { at: start.getTime(), setAt: RealDate.now() };
  globalThis.Date = SimulatedDate as DateConstructor;
  const clock: SimulatedClock = {
    set(at) {
      const ms = typeof at === 'number' ? at : at.getTime();
      if (ms > nowMs()) simulated = { at: ms, setAt: RealDate.now() };
    },
    now: () => new RealDate(nowMs()),
  };
  try {
    return await work(clock);
  } finally {
    simulated = null;
    globalThis.Date = RealDate;
  }
}
