import { monitorEventLoopDelay, PerformanceObserver, type IntervalHistogram } from 'node:perf_hooks';
import v8 from 'node:v8';

/** Garbage collections by kind since the process started watching: how many and how long in all. */
const GC_KINDS: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb', 15: 'all' };

let loop: IntervalHistogram | null = null;
const collections = new Map<string, { count: number; ms: number }>();

/** Starts watching the event loop and the collector (once per process; cheap: a 20 ms timer and GC events). */
export function watchRuntime(): void {
  if (loop) return;
  loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = GC_KINDS[(entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0] ?? 'other';
      const seen = collections.get(kind) ?? { count: 0, ms: 0 };
      collections.set(kind, { count: seen.count + 1, ms: seen.ms + entry.duration });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const ms = (nanoseconds: number) => Math.round((nanoseconds / 1e6) * 100) / 100;

/** 运行时信息: memory, heap, event-loop delay (since the last reading), collections, uptime and versions. */
export function runtimeSnapshot() {
  watchRuntime();
  const memory = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  const delay = loop!;
  const snapshot = {
    memoryMb: { rss: mb(memory.rss), heapUsed: mb(memory.heapUsed), heapTotal: mb(memory.heapTotal), external: mb(memory.external), arrayBuffers: mb(memory.arrayBuffers) },
    heapLimitMb: mb(heap.heap_size_limit),
    eventLoopDelayMs: { mean: ms(delay.mean), p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
    gc: [...collections].map(([kind, seen]) => ({ kind, count: seen.count, totalMs: Math.round(seen.ms * 10) / 10 })),
    uptimeSeconds: Math.round(process.uptime()),
    pid: process.pid,
    versions: { node: process.versions.node, v8: process.versions.v8, uv: process.versions.uv, openssl: process.versions.openssl },
    cpuUsageMs: { user: Math.round(process.cpuUsage().user / 1000), system: Math.round(process.cpuUsage().system / 1000) },
  };
  // Each reading covers the time since the one before.
  delay.reset();
  return snapshot;
}

/** Every collection since watching began: how many and how long in all (seconds). */
export function collectionTotals(): { count: number; seconds: number } {
  watchRuntime();
  let count = 0;
  let milliseconds = 0;
  for (const seen of collections.values()) {
    count += seen.count;
    milliseconds += seen.ms;
  }
  return { count, seconds: milliseconds / 1000 };
}
