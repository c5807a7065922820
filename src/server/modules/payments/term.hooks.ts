import { and, eq, ne } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import type { FlowEffect } from '../../crud/flowActions';
import { schoolTerms } from '../../db/schema';
import type { RowOf, Work } from '../../db/work';
import { badRequest } from '../../http/envelope';

const TERM_NAMES: Readonly<Record<string, string>> = { '1': '第一学期', '2': '第二学期', '3': '暑期', '4': '寒假' };

/** A term as written: two years in a row, an end after its start, its name from both; the school's first term is current. */
export const schoolTermHooks: EntityHooks<RowOf<typeof schoolTerms>> = {
  async beforeSave({ work, values, before }) {
    const pick = (key: keyof RowOf<typeof schoolTerms>) => String(values[key] ?? before?.[key] ?? '');
    const [first, second] = pick('schoolYear').split('-').map(Number);
    if (second !== first! + 1) throw badRequest('学年的两个年份应相邻，如 2025-2026', 'A school year is two years in a row, e.g. 2025-2026');
    if (pick('endDate') < pick('startDate')) throw badRequest('结束日期不能早于开始日期', 'The term cannot end before it starts');
    values.name = `${pick('schoolYear')} ${TERM_NAMES[pick('term')] ?? ''}`.trim();
    const [taken] = await work.rows(schoolTerms, and(eq(schoolTerms.schoolYear, pick('schoolYear')), eq(schoolTerms.term, pick('term')), before ? ne(schoolTerms.id, before.id) : undefined), {
      limit: 1,
    });
    if (taken) throw badRequest(`${values.name}已存在`, `${values.name} already exists`);
    if (!before) values.isCurrent = !(await currentTerm(work));
  },
};

export const schoolTermActions: Readonly<Record<string, FlowEffect<RowOf<typeof schoolTerms>>>> = {
  /** One current term: the one that was current stops being it in the same transaction. */
  async setCurrent({ work, row }) {
    // Every other term of the school, deleted ones too, stops being current.
    await work.tx
      .update(schoolTerms)
      .set({ isCurrent: false, updateBy: work.username, updatedAt: new Date() })
      .where(and(work.school(schoolTerms, { deleted: true }), eq(schoolTerms.isCurrent, true), ne(schoolTerms.id, row.id)));
  },
};

/** The school's current term, if it has one. */
export async function currentTerm(work: Work): Promise<typeof schoolTerms.$inferSelect | null> {
  const [term] = await work.rows(schoolTerms, eq(schoolTerms.isCurrent, true), { limit: 1 });
  return term ?? null;
}
