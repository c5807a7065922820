import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { inSchool, schoolReads } from '../db/work';
import { devices } from '../db/schema';
import { terminalWorker } from '../modules/devices/payments';
import { acknowledgeItems, takeItems } from '../modules/devices/pushes';
import type { SampleDay, SampleEvent } from '../registry/areas';

/** When each terminal asks for what waits for it: as it starts before breakfast, and before lunch and supper. */
const ASKS_AT = ['05:50', '10:50', '16:50'];

/** What a terminal refuses of what it is sent, and why (the till is bound to no 档口: it cannot charge by one). */
function refusalOf(device: typeof devices.$inferSelect, payload: Record<string, unknown>): string | null {
  if (payload.type === '6' && !device.storeId) return '设备未绑定档口，不能按档口设置收费';
  return null;
}

/**
 * 设备下发 in the sample weeks, through the terminals' own code path (`takeItems` and
 * `acknowledgeItems`, as `/terminal/push/pending` and `/terminal/push/ack` after their signatures):
 * every terminal in use asks three times a day and answers each item, taking what it can and
 * refusing what it cannot hold — a refused item is sent again at the next asks until it has
 * failed three times. The tasks themselves are the office's (`deviceSteps.ts`).
 */
export function terminalPushesOf(db: Database, tenantId: number) {
  return {
    day(day: SampleDay): SampleEvent[] {
      return ASKS_AT.map((clock) => ({
        at: day.at(clock),
        quiet: true,
        run: async () => {
          const terminals = await schoolReads(db, { tenantId, username: day.by }).rows(devices, eq(devices.status, '1'));
          for (const device of terminals) {
            const worker = terminalWorker(device, device.serialNo);
            const taken = await inSchool(db, worker, (work) => takeItems(work.tx, { deviceId: device.id }));
            if (!taken.length) continue;
            const results = taken.map((item) => {
              const refusal = refusalOf(device, item.payload as Record<string, unknown>);
              return refusal ? { itemId: item.id, success: false, message: refusal } : { itemId: item.id, success: true };
            });
            await inSchool(db, worker, (work) => acknowledgeItems(work.tx, { deviceId: device.id }, results));
          }
        },
      }));
    },
  };
}
