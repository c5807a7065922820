import type { FastifyInstance } from 'fastify';
import { bySortThenName } from '@shared/naturalOrder';
import { ilike } from 'drizzle-orm';
import { z } from 'zod';
import { buildTree } from '@shared/tree';
import type { AppContext } from '../../context';
import { memberDepartments } from '../../db/schema';
import { schoolReads } from '../../db/work';
import { authOf, type AuthContext } from '../../http/auth';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { entryText, type DictEntry } from '../dictionaries/texts';
import type { MessageLocale } from '@shared/validation';
import { containing } from '../../db/like';

/** Screens that pick a member's school, grade or class. */
const PICK = 'members:departments,members:people,members:accounts,members:cards';

type Row = typeof memberDepartments.$inferSelect;

/** A tree node; the level's text comes from the `member_dept_level` dictionary. */
const nodeWith = (levels: ReadonlyMap<string, DictEntry>, locale: MessageLocale) => (row: Row, children: unknown[] | null) => {
  const level = levels.get(String(row.level));
  return {
    id: row.id,
    key: row.id,
    value: row.id,
    title: row.name,
    parentId: row.parentId ?? '',
    level: row.level,
    level_dictText: level ? entryText(level, locale) : '',
    status: row.status,
    graduating: row.graduating,
    isLeaf: children === null,
    children,
  };
};

const bySiblingOrder = bySortThenName<typeof memberDepartments.$inferSelect>(
  (row) => row.sortNo,
  (row) => row.name,
);
/** Schools, then grades, then classes; siblings by sort number, then naturally (高一, 高二, 高三). */
const memberDepartmentOrder = (a: typeof memberDepartments.$inferSelect, b: typeof memberDepartments.$inferSelect) => a.level - b.level || bySiblingOrder(a, b);

/** The school's member tree (school → grade → class): its own table, not the staff departments. */
export function memberDepartmentRoutes(api: FastifyInstance, context: AppContext): void {
  const node = async (locale: MessageLocale) => nodeWith(await context.dictionaries.itemsOf('member_dept_level'), locale);
  const rowsOf = async (caller: AuthContext) => (await schoolReads(context.db, caller).rows(memberDepartments)).sort(memberDepartmentOrder);

  api.get('/memb/deptinfo/queryTreeList', { config: { permission: PICK } }, async (request) => {
    const caller = authOf(request);
    return ok(buildTree(await rowsOf(caller), await node(caller.locale)), '查询成功');
  });

  // Class pickers: only classes can be chosen, schools and grades group them.
  api.get('/memb/deptinfo/class/queryTreeList', { config: { permission: PICK } }, async (request) => {
    const caller = authOf(request);
    const shape = await node(caller.locale);
    return ok(
      // A retired class (停用) is history: not picked for anyone.
      buildTree(
        (await rowsOf(caller)).filter((row) => row.status === '1'),
        (row, children) => ({ ...shape(row, children), selectable: row.level === 3, disabled: row.level !== 3 }),
      ),
      '查询成功',
    );
  });

  api.get('/memb/deptinfo/searchBy', { config: { permission: PICK } }, async (request) => {
    const caller = authOf(request);
    const { keyWord } = parseInput(z.object({ keyWord: z.string().default('') }), request.query);
    const rows = await schoolReads(context.db, caller).rows(memberDepartments, ilike(memberDepartments.name, containing(keyWord.trim())));
    rows.sort(memberDepartmentOrder);
    if (rows.length === 0) return { ...ok([], '未查询匹配数据！'), success: false };
    const shape = await node(caller.locale);
    return ok(
      rows.map((row) => shape(row, null)),
      '查询成功',
    );
  });
}
