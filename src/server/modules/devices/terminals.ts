import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { devices, shops, shopTerminals } from '../../db/schema';
import { BUS_RESYNC, type EventBus } from '../../realtime/bus';
import { alive } from '../../db/work';

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
  /** The state of the shop it is bound to (shop_status; null: bound to none): a paused or closed shop takes no payments. */
  shopStatus: string | null;
}

/**
 * The terminals in memory, by serial: a payment's hot path reads its terminal without a query.
 * Any change to a terminal (终端设备's add, edit, delete, 生成密钥) or to a shop drops them here and, through the
 * event bus, on every instance. A read that raced a change is not kept (the generation moved).
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
          shopStatus: shops.status,
        })
        .from(devices)
        .leftJoin(shopTerminals, eq(shopTerminals.terminalId, devices.id))
        .leftJoin(shops, eq(shops.id, shopTerminals.shopId))
        .where(and(eq(devices.serialNo, serial), alive(devices)));
      if (row && started === generation) kept.set(serial, row);
      return row ?? null;
    },

    /** A terminal changed: forget them all here now, and on every other instance. */
    async changed(): Promise<void> {
      drop();
      await bus?.publish(CHANGED_CHANNEL, {});
    },
  };
}

export type TerminalDirectory = ReturnType<typeof createTerminalDirectory>;
