import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { menuCodeForPath } from '@shared/permissions';
import type { AppContext } from '../../context';
import { dictionaries, dictionaryItems, dictionaryOrgItems, tenants } from '../../db/schema';
import { alive, inSchool, schoolReads, unscoped, type Work, type Worker } from '../../db/work';
import { authOf, PLATFORM_TENANT, type AuthContext } from '../../http/auth';
import { badRequest, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';

/** One item as a dictionary shows it. */
interface ItemView {
  text: string;
  color: string | null;
  status: string;
  sortOrder: number;
}

/**
 * A difference of a school from the platform: an item the school overrides (same value, other
 * text, colour, order or state), or one only the school has.
 */
export interface DictionaryDifference {
  dictCode: string;
  dictName: string;
  value: string;
  kind: 'override' | 'schoolOnly';
  platform: ItemView | null;
  school: ItemView;
  /** What differs, for an override: text, color, status, sortOrder. */
  fields: string[];
}

const diffQuery = z.object({
  dictCode: z.string().trim().max(100).optional(),
  tenantId: z.coerce.number().int().min(0).optional(),
});
const applyBody = z.object({
  tenantId: z.coerce.number().int().min(0).optional(),
  items: z
    .array(z.object({ dictCode: z.string().trim().min(1).max(100), value: z.string().max(200) }), { error: '请选择要同步的字典项' })
    .min(1, '请选择要同步的字典项')
    .max(5000, '一次最多同步5000项'),
});

const viewOf = (row: { itemText: string; color: string | null; status: string; sortOrder: number }): ItemView => ({
  text: row.itemText,
  color: row.color,
  status: row.status,
  sortOrder: row.sortOrder,
});

/**
 * 字典同步: a school's own dictionary items (dictOrgItem) compared with the platform's, and brought
 * back in line: each chosen item of the school is removed in one transaction, so the platform's
 * item (or none) applies again. A school compares itself; the platform may compare any school.
 */
export function dictionarySyncRoutes(api: FastifyInstance, context: AppContext): void {
  /**
   * The school a call is about and who works on it: the caller's own school, or for the platform
   * the one it names — then the platform works in that school, an escape named as such.
   */
  async function schoolOf(caller: AuthContext, asked: number | undefined): Promise<Worker> {
    if (asked === undefined || asked === caller.tenantId) return caller;
    if (caller.tenantId !== PLATFORM_TENANT) throw badRequest('只能同步本校的字典', 'A school syncs only its own dictionaries');
    const platform = unscoped(context.db, 'dictionary sync: the platform compares and syncs a school it names');
    const [school] = await platform.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, asked));
    if (!school) throw notFound('学校不存在');
    return { tenantId: asked, username: caller.username };
  }

  async function differencesOf(work: Work, dictCode: string | undefined): Promise<DictionaryDifference[]> {
    // The platform's dictionaries (shared, not a school's) keep their own deleted flag.
    const live = and(alive(dictionaries), dictCode ? eq(dictionaries.dictCode, dictCode) : undefined);
    const [platform, school] = await Promise.all([
      work.tx.select({ dictCode: dictionaries.dictCode, item: dictionaryItems }).from(dictionaryItems).innerJoin(dictionaries, eq(dictionaries.id, dictionaryItems.dictId)).where(live),
      work.tx
        .select({ dictCode: dictionaries.dictCode, dictName: dictionaries.dictName, item: dictionaryOrgItems })
        .from(dictionaryOrgItems)
        .innerJoin(dictionaries, eq(dictionaries.id, dictionaryOrgItems.dictId))
        .where(and(live, work.school(dictionaryOrgItems)))
        .orderBy(asc(dictionaries.dictCode), asc(dictionaryOrgItems.sortOrder)),
    ]);
    const platformItems = new Map(platform.map((row) => [`${row.dictCode}\u0000${row.item.itemValue}`, viewOf(row.item)]));
    return school.flatMap((row): DictionaryDifference[] => {
      const mine = viewOf(row.item);
      const theirs = platformItems.get(`${row.dictCode}\u0000${row.item.itemValue}`) ?? null;
      const fields = theirs ? (['text', 'color', 'status', 'sortOrder'] as const).filter((field) => (mine[field] ?? null) !== (theirs[field] ?? null)) : [];
      // The same as the platform's: no difference to show.
      if (theirs && !fields.length) return [];
      return [{ dictCode: row.dictCode, dictName: row.dictName, value: row.item.itemValue, kind: theirs ? 'override' : 'schoolOnly', platform: theirs, school: mine, fields: [...fields] }];
    });
  }

  api.get('/sys/dict/sync/diff', { config: { permission: menuCodeForPath('/system/dict-sync') } }, async (request) => {
    const caller = authOf(request);
    const query = parseInput(diffQuery, request.query);
    const worker = await schoolOf(caller, query.tenantId);
    return ok(await differencesOf(schoolReads(context.db, worker), query.dictCode || undefined));
  });

  api.post('/sys/dict/sync/apply', { config: { permission: 'dictSync:apply' } }, async (request) => {
    const caller = authOf(request);
    const body = parseInput(applyBody, request.body);
    const worker = await schoolOf(caller, body.tenantId);
    const removed = await inSchool(context.db, worker, async (work) => {
      const codes = [...new Set(body.items.map((item) => item.dictCode))];
      const found = await work.tx
        .select({ id: dictionaryOrgItems.id, dictCode: dictionaries.dictCode, value: dictionaryOrgItems.itemValue })
        .from(dictionaryOrgItems)
        .innerJoin(dictionaries, eq(dictionaries.id, dictionaryOrgItems.dictId))
        .where(and(work.school(dictionaryOrgItems), inArray(dictionaries.dictCode, codes)));
      const byKey = new Map(found.map((row) => [`${row.dictCode}\u0000${row.value}`, row.id]));
      const ids = body.items.map((item) => byKey.get(`${item.dictCode}\u0000${item.value}`));
      // All or nothing: an item changed meanwhile means the preview is stale.
      if (ids.some((id) => !id)) throw badRequest('字典项已变化，请刷新后重试', 'The items changed meanwhile; reload and try again');
      await work.remove(dictionaryOrgItems, inArray(dictionaryOrgItems.id, ids as string[]));
      return ids.length;
    });
    await context.dictionaries.changed();
    return ok({ removed }, '字典同步成功');
  });
}
