import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { devices } from '../../db/schema';
import { terminalRefusal } from '../../registry/areas';
import { BUS_RESYNC, type EventBus } from '../../realtime/bus';
import { alive } from '../../db/work';
import { mealsOf, type MealConfigRow } from '../meals/orders';

const CHANGED_CHANNEL = 'terminals:changed';

/** What a terminal's payment needs of its row: who it is, its key, its state and where it sells. */
export interface TerminalRow {
  id: string;
  tenantId: number;
  secret: string | null;
  status: string;
  canteenId: string;
  storeId: string | null;
  lastSeenAt: Date | null;
  /** Why an area refuses its payments now (its shop paused or closed), or null. */
  refusal: string | null;
  /** Its canteen's meal windows (餐别设置): a payment with no meal named is of the meal at its time. */
  meals: MealConfigRow[];
}

/**
 * The terminals in memory, by serial: a payment's hot path reads its terminal, and its canteen's
 * meals, without a query. Any change to a terminal (终端设备's add, edit, delete, 生成密钥), to what an
 * area refuses it for (a shop) or to the meals (餐别设置) drops them here and, through the event bus,
 * on every instance. A read that raced a change is not kept (the generation moved).
 * Unknown serials are never kept: each is looked up.
 */
export function createTerminalDirectory(db: Executor, bus?: EventBus) {
  const kept = new Map<string, TerminalRow>();
  let generation = 0;
  const drop = () => {
    generation += 1;
    kept.clear();
  };
  bus?.subscribe(CHANGED_CHANNEL, drop);
  bus?.subscribe(BUS_RESYNC, drop);

  return {
    async bySerial(serial: string): Promise<TerminalRow | null> {
      const hit = kept.get(serial);
      if (hit) return hit;
      const started = generation;
      const [row] = await db
        .select({
          id: devices.id,
          tenantId: devices.tenantId,
          secret: devices.secret,
          status: devices.status,
          canteenId: devices.canteenId,
          storeId: devices.storeId,
          lastSeenAt: devices.lastSeenAt,
        })
        .from(devices)
        .where(and(eq(devices.serialNo, serial), alive(devices)));
      if (!row) return null;
      const terminal = { ...row, refusal: await terminalRefusal(db, row.id), meals: await mealsOf(db, row.tenantId, row.canteenId) };
      if (started === generation) kept.set(serial, terminal);
      return terminal;
    },

    /** A terminal changed: forget them all here now, and on every other instance. */
    async changed(): Promise<void> {
      drop();
      await bus?.publish(CHANGED_CHANNEL, {});
    },
  };
}

export type TerminalDirectory = ReturnType<typeof createTerminalDirectory>;
