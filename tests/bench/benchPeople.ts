/**
 * More people for a benchmark's school, copied from one the seed made (same type, limits and
 * balances; new ids, numbers and cards): a school's size without seeding it person by person.
 * Opening balances are copied, not posted — a benchmark that adds them checks no books.
 */
import { sql } from 'drizzle-orm';
import type { TestApp } from '../support/testApp';

export interface MorePeople {
  /** The member type copied (its code: STAFF has no daily limits, STUDENT has). */
  like: 'STAFF' | 'STUDENT';
  count: number;
  /** Ids, numbers and card numbers start with it (distinct per call). */
  prefix: string;
  /** Put in new classes of this many, under the copied person's grade. */
  perClass?: number;
}

export async function addPeople(db: TestApp['db'], { like, count, prefix, perClass }: MorePeople): Promise<void> {
  if (count <= 0) return;
  const model = sql`SELECT c.* FROM memb_card c JOIN memb_member m ON m.id = c.member_id JOIN memb_member_type t ON t.id = m.member_type_id AND t.code = ${like}
    WHERE c.card_status = '1' ${perClass ? sql`AND m.dept_id IS NOT NULL` : sql``} ORDER BY c.card_no LIMIT 1`;
  const copy = (table: string, row: string, fields: string) => sql.raw(`SELECT (jsonb_populate_record(null::${table}, to_jsonb(${row}) || jsonb_build_object(${fields}))).*`);
  const p = prefix.replace(/[^A-Za-z0-9]/g, '');
  let dept = `m.dept_id`;
  if (perClass) {
    const classes = Math.ceil(count / perClass);
    await db.execute(
      sql`INSERT INTO member_departments ${copy('member_departments', 'd', `'id', '${p}-d' || k, 'name', '${p}（' || k || '）班'`)}
        FROM (${model}) c JOIN memb_member m ON m.id = c.member_id JOIN member_departments d ON d.id = m.dept_id, generate_series(1, ${classes}) k`,
    );
    dept = `'${p}-d' || (1 + (g - 1) / ${perClass})`;
  }
  await db.execute(
    sql`INSERT INTO memb_member ${copy('memb_member', 'm', `'id', '${p}-m' || g, 'member_no', '${p}' || lpad(g::text, 6, '0'), 'real_name', m.real_name || g, 'dept_id', ${dept}`)}
      FROM (${model}) c JOIN memb_member m ON m.id = c.member_id, generate_series(1, ${count}) g`,
  );
  await db.execute(
    sql`INSERT INTO memb_account ${copy('memb_account', 'a', `'id', '${p}-a' || g, 'account_no', '${p}' || lpad(g::text, 6, '0'), 'member_id', '${p}-m' || g`)}
      FROM (${model}) c JOIN memb_account a ON a.id = c.account_id, generate_series(1, ${count}) g`,
  );
  await db.execute(
    sql`INSERT INTO memb_card ${copy('memb_card', 'c', `'id', '${p}-c' || g, 'card_no', '${p.slice(0, 1)}' || lpad(g::text, 7, '0'), 'phys_no', '${p}CHIP' || g, 'account_id', '${p}-a' || g, 'member_id', '${p}-m' || g`)}
      FROM (${model}) c, generate_series(1, ${count}) g`,
  );
}
