import type { FastifyInstance } from 'fastify';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { paletteUses } from '../../db/schema';
import { inSchool, schoolReads } from '../../db/work';
import { authOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';

/** How many entries are kept per user: the palette shows the first few, ranks by all. */
const KEPT = 100;

/** A palette entry's id: a menu's path, a command's id, an open tab's path (`menu:/meals/canteens`, `cmd:account.recharge`). */
const useSchema = z.object({
  entryId: z
    .string()
    .trim()
    .min(5)
    .max(300)
    .regex(/^(menu|cmd|tab):\S/),
});

/**
 * The palette's recent and frequent ranking, per user, on the server (it follows the user to
 * another computer): what they ran, how often, when last. Only ever the caller's own.
 */
export function paletteRoutes(api: FastifyInstance, context: AppContext): void {
  const self = { config: { self: true } } as const;

  api.get('/sys/palette/uses', self, async (request) => {
    const caller = authOf(request);
    const { userId } = caller;
    // The caller's own uses (no school column: they are the user's).
    const rows = await schoolReads(context.db, caller)
      .tx.select({ entryId: paletteUses.entryId, count: paletteUses.useCount, lastUsedAt: paletteUses.lastUsedAt })
      .from(paletteUses)
      .where(eq(paletteUses.userId, userId))
      .orderBy(desc(paletteUses.lastUsedAt))
      .limit(KEPT);
    return ok(rows.map((row) => ({ entryId: row.entryId, count: row.count, last: row.lastUsedAt.getTime() })));
  });

  api.post('/sys/palette/use', { config: { self: true, notLogged: true } }, async (request) => {
    const caller = authOf(request);
    const { userId } = caller;
    const { entryId } = parseInput(useSchema, request.body);
    await inSchool(context.db, caller, async ({ tx }) => {
      await tx
        .insert(paletteUses)
        .values({ userId, entryId })
        .onConflictDoUpdate({ target: [paletteUses.userId, paletteUses.entryId], set: { useCount: sql`${paletteUses.useCount} + 1`, lastUsedAt: sql`now()` } });
      // The oldest beyond what is kept go.
      const kept = tx.select({ entryId: paletteUses.entryId }).from(paletteUses).where(eq(paletteUses.userId, userId)).orderBy(desc(paletteUses.lastUsedAt)).limit(KEPT);
      await tx.delete(paletteUses).where(and(eq(paletteUses.userId, userId), notInArray(paletteUses.entryId, kept)));
    });
    return ok(null);
  });
}
