/**
 * A background loop of one instance: runs `tick` now and again `tickMs` after each run ends (runs
 * never overlap); a failed run is logged and the loop goes on. `stop` waits for the run under way.
 */
export function createTicker(tick: () => Promise<void>, options: { tickMs: number; name: string; log?: (message: string, error?: unknown) => void }) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = true;

  const loop = () => {
    running = tick()
      .catch((error: unknown) => options.log?.(`${options.name}: tick failed`, error))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, options.tickMs);
      });
  };

  return {
    /** Whether stop was asked for: a long tick checks it between its steps. */
    get stopped() {
      return stopped;
    },
    start() {
      stopped = false;
      timer = setTimeout(loop, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
