import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { menuCodeForPath } from '@shared/permissions';
import { dayIn } from '@shared/schoolTime';
import type { AppContext } from '../../context';
import { tenants } from '../../db/schema';
import { schoolReads, type Work } from '../../db/work';
import { authOf } from '../../http/auth';
import { ApiError } from '../../http/envelope';
import { parseInput, schoolDate } from '../../http/validate';
import { WORDS } from '../../pdf/paper';
import { receiptPdf } from '../../pdf/receiptPdf';
import { statementPdf } from '../../pdf/statementPdf';
import { accountStatement, statementRange } from '../ledger/statement';
import { schoolZone } from '../schools/settings';
import { latestRecharges, personWithAccount } from './demoScreens';

const receiptQuery = z.object({ txnNo: z.string().trim().min(1).max(64) });
const statementQuery = z.object({ memberId: z.string().trim().min(1).max(64), from: schoolDate.optional(), to: schoolDate.optional() });

/** Sends a PDF to be shown in the page (or saved under its name). */
function sendPdf(reply: FastifyReply, name: string, bytes: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store')
    .send(bytes);
}

/**
 * PDF 预览's documents, made on the server from the ledger: a recharge's 收款单 (A5, the amount in
 * words and the signatures) and a person's 账户对账单 over a range of school days (A4, opening and
 * closing balances, every posting oldest first, the columns' heads on every page, pages numbered).
 */
export function pdfScreenRoutes(api: FastifyInstance, context: AppContext): void {
  const permission = menuCodeForPath('/demo/pdf');
  const { dictionaries } = context;
  // The school's own name, on its statement.
  const schoolName = async (work: Work) => (await work.tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, work.tenantId)))[0]?.name ?? '';

  api.get('/home/pdf/receipt', { config: { permission } }, async (request, reply) => {
    const caller = authOf(request);
    const { txnNo } = parseInput(receiptQuery, request.query);
    const [receipt] = await latestRecharges(schoolReads(context.db, caller), txnNo);
    if (!receipt) throw new ApiError(404, '未找到该充值记录', 'The recharge is not found');
    const words = WORDS[caller.locale];
    const channels = await dictionaries.listOf('recharge_channel', caller.tenantId, caller.locale);
    const channel = receipt.channel ? (channels.find((item) => item.value === receipt.channel)?.text ?? receipt.channel) : '—';
    const bytes = await receiptPdf(receipt, channel, caller.locale);
    return sendPdf(reply, `${words.receipt}_${receipt.txnNo}.pdf`, bytes);
  });

  api.get('/home/pdf/statement', { config: { permission } }, async (request, reply) => {
    const caller = authOf(request);
    const query = parseInput(statementQuery, request.query);
    const work = schoolReads(context.db, caller);
    const person = await personWithAccount(work, query.memberId);
    if (!person.accountId) throw new ApiError(404, '该人员尚未开户', 'This person has no account');
    const zone = await schoolZone(work.tx, work.tenantId);
    const { from, to } = statementRange(dayIn(zone), query);
    const statement = await accountStatement(work, { accountId: person.accountId, from, to, pageNo: 1, pageSize: 10_000 });
    const words = WORDS[caller.locale];
    const types = await dictionaries.listOf('txn_type', caller.tenantId, caller.locale);
    const typeText = (type: string) => types.find((item) => item.value === type)?.text ?? type;
    const bytes = await statementPdf({ statement, person, school: await schoolName(work), zone, typeText }, caller.locale);
    return sendPdf(reply, `${words.statement}_${person.memberNo}_${from}_${to}.pdf`, bytes);
  });
}
