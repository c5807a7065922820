import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import { yuanToCents } from '@shared/engine/schemas';
import type { EntitySpec } from '@shared/engine/spec';
import { subsidyItem } from '@shared/entities/members/subsidyItem';
import type { AppContext } from '../../context';
import { readSheet, templateOf, uploadedWorkbook } from '../../crud/imports';
import { accounts, members, subsidyBatches } from '../../db/schema';
import { inSchool, schoolReads } from '../../db/work';
import { authOf } from '../../http/auth';
import { badRequest, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { addSubsidyPeople } from './subsidies';
import { draftOnly } from './subsidy.hooks';

/** The workbook of a batch's people: 学/工号 and 金额, one person a row. */
const PEOPLE_SHEET: EntitySpec = {
  ...subsidyItem,
  title: { 'zh-CN': '补助名单', en: 'Subsidy people' },
  fields: [
    { key: 'memberNo', type: 'text', title: { 'zh-CN': '学/工号', en: 'Member no.' }, required: true, max: 30 },
    { key: 'amount', type: 'money', title: { 'zh-CN': '金额', en: 'Amount' }, required: true, max: 10000 },
  ],
};

/** At most this many row errors are named in the answer. */
const ERRORS_SHOWN = 20;

/**
 * 补助管理's workbook: its template, and the import of a draft batch's people — every row checked
 * (the person exists, is in service with an open account, appears once, has an amount), all rows
 * or none, the errors named by row.
 */
export function subsidyRoutes(api: FastifyInstance, context: AppContext): void {
  api.get('/memb/subsidy/itemsTemplate', { config: { permission: 'subsidy:importItems' } }, async (_request, reply) => {
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent('补助名单导入模板.xlsx')}`);
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await templateOf(PEOPLE_SHEET));
  });

  api.post('/memb/subsidy/importItems', { config: { permission: 'subsidy:importItems' } }, async (request) => {
    const caller = authOf(request);
    const { batchId } = parseInput(z.object({ batchId: z.string().trim().min(1).max(64) }), request.query);
    const reads = schoolReads(context.db, caller);
    const batch = await reads.one(subsidyBatches, batchId);
    if (!batch) throw notFound('补助批次不存在');
    if (!['0', '3'].includes(batch.auditStatus)) throw badRequest(`补助批次 ${batch.billNo} 已提交，不能导入名单`, `Subsidy batch ${batch.billNo} was submitted: no people can be imported`);
    const { rows } = await readSheet(PEOPLE_SHEET, await uploadedWorkbook(request));
    if (!rows.length) throw badRequest('Excel 文件中没有数据行（file）', 'The workbook has no data rows (file)');
    const numbers = rows.map((row) => String(row.values.memberNo ?? '').trim());
    const found = await reads.tx
      .select({ id: members.id, memberNo: members.memberNo, memberStatus: members.memberStatus, accountId: accounts.id, accountStatus: accounts.accountStatus })
      .from(members)
      .leftJoin(accounts, and(eq(accounts.memberId, members.id), reads.school(accounts), ne(accounts.accountStatus, '3')))
      .where(and(reads.school(members), inArray(members.memberNo, [...new Set(numbers.filter(Boolean))])));
    const byNo = new Map(found.map((row) => [row.memberNo, row]));
    const seen = new Map<string, number>();
    const errors: { zh: string; en: string }[] = [];
    const people: { memberId: string; accountId: string; amount: number }[] = [];
    rows.forEach(({ line, values }, index) => {
      const no = numbers[index]!;
      const fail = (zh: string, en: string) => errors.push({ zh: `第 ${line} 行 ${zh}`, en: `Row ${line}: ${en}` });
      if (!no) return fail('学/工号为空', 'the member number is empty');
      const person = byNo.get(no);
      if (!person) return fail(`学/工号 ${no} 不存在`, `no member ${no}`);
      if (person.memberStatus !== '1') return fail(`${no} 不在校（已离校或停用）`, `${no} is not in service`);
      if (!person.accountId) return fail(`${no} 未开户`, `${no} has no account`);
      if (person.accountStatus === '3') return fail(`${no} 已销户`, `${no}'s account is closed`);
      if (seen.has(no)) return fail(`${no} 与第 ${seen.get(no)} 行重复`, `${no} repeats row ${seen.get(no)}`);
      seen.set(no, line);
      const cents = yuanToCents(values.amount as string | number);
      if (cents === null || cents <= 0 || cents > 10000_00)
        return fail(`金额「${String(values.amount ?? '')}」无效（0.01–10000 元，最多两位小数）`, `the amount "${String(values.amount ?? '')}" is not valid (0.01–10000, two decimals at most)`);
      people.push({ memberId: person.id, accountId: person.accountId, amount: cents });
    });
    if (errors.length) {
      const more = errors.length > ERRORS_SHOWN ? ` 等 ${errors.length} 处` : '';
      throw badRequest(
        `未导入任何人员：${errors
          .slice(0, ERRORS_SHOWN)
          .map((error) => error.zh)
          .join('；')}${more}`,
        `Nobody was imported: ${errors
          .slice(0, ERRORS_SHOWN)
          .map((error) => error.en)
          .join('; ')}${errors.length > ERRORS_SHOWN ? ` and ${errors.length - ERRORS_SHOWN} more` : ''}`,
      );
    }
    // Checked again under the batch's lock: it may have been submitted while the workbook was read.
    const added = await inSchool(context.db, caller, async (work) => {
      await draftOnly(work, batch.id);
      return addSubsidyPeople(work.tx, caller, batch.id, people);
    });
    return ok(
      { imported: added, already: people.length - added },
      caller.locale === 'en'
        ? `${added} people imported${people.length > added ? `, ${people.length - added} already in the batch` : ''}`
        : `导入 ${added} 人${people.length > added ? `，${people.length - added} 人已在批次中` : ''}`,
    );
  });
}
