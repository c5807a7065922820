import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { schoolTerms } from '../../db/schema';
import { schoolNow } from '../../db/seed/schoolClock';

/** The school year under way and the one before: autumn terms from September, spring terms from late February; this term current. */
export async function seedTerms(tx: Executor, tenantId: number, operator: string): Promise<void> {
  const now = schoolNow();
  const autumn = now.month() >= 7 ? now.year() : now.year() - 1;
  const rows: (typeof schoolTerms.$inferInsert)[] = [];
  for (const year of [autumn - 1, autumn]) {
    const schoolYear = `${year}-${year + 1}`;
    rows.push(
      { id: newId(), tenantId, createBy: operator, schoolYear, term: '1', name: `${schoolYear} 第一学期`, startDate: `${year}-09-01`, endDate: `${year + 1}-01-20`, weeks: 20 },
      { id: newId(), tenantId, createBy: operator, schoolYear, term: '2', name: `${schoolYear} 第二学期`, startDate: `${year + 1}-02-20`, endDate: `${year + 1}-07-10`, weeks: 20 },
    );
  }
  const today = now.format('YYYY-MM-DD');
  // The term under way, else the next to begin (in a holiday).
  const current = rows.find((row) => row.startDate <= today && today <= row.endDate) ?? rows.find((row) => row.startDate > today) ?? rows.at(-1)!;
  current.isCurrent = true;
  await tx.insert(schoolTerms).values(rows);
}
