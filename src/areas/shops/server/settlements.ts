import { eq, sql } from 'drizzle-orm';
import { addDays, dayIn, parseSchoolTime } from '@shared/schoolTime';
import type { Database } from '@server/db/client';
import { newId } from '@server/db/ids';
import { rowsOf } from '@server/db/rows';
import { ledgerTransactions } from '@server/db/schema';
import { shops, shopSettlements, shopTerminals } from './tables';
import { schoolReads, schoolWork, type Work } from '@server/db/work';
import { badRequest, notFound } from '@server/http/envelope';
import { nextBillNo } from '@server/modules/bills/billNo';
import { INNER, ledgerCore, type Caller, type Line, type PostedTransaction } from '@server/modules/ledger/core';
import { schoolZone } from '@server/modules/schools/settings';

/** What a shop's terminals took in a span of posting times: payments, 2004's credits and its debits (refunds). */
export interface ShopTakings {
  payments: number;
  takings: number;
  refunds: number;
}

const yuan = (cents: number) => (cents / 100).toFixed(2);

/**
 * A shop's takings posted in [from, until): what its bound terminals' (or the ones named) payments credited to 2004
 * 商户应付, and what refunds of them took back (a refund names its payment; the payment names the
 * terminal). By posting time, not accounting day: an offline batch uploaded late is counted in the
 * settlement after it arrived, never missed and never twice.
 */
export async function shopTakings(work: Work, shopId: string, from: Date | null, until: Date, terminalIds?: readonly string[]): Promise<ShopTakings> {
  const terminals = terminalIds
    ? sql`(${sql.join(
        terminalIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`(select terminal_id from shop_terminal where shop_id = ${shopId})`;
  if (terminalIds && !terminalIds.length) return { payments: 0, takings: 0, refunds: 0 };
  const [row] = await rowsOf<{ payments: string; takings: string; refunds: string }>(
    work.tx,
    sql`select count(distinct t.id) filter (where t.txn_type = 'CONSUME') as payments,
          coalesce(sum(e.amount_cents) filter (where e.dc = 'C'), 0) as takings,
          coalesce(sum(e.amount_cents) filter (where e.dc = 'D'), 0) as refunds
        from (select * from ${ledgerTransactions} where ${work.school(ledgerTransactions)}) t
        left join fin_txn o on o.id = t.reversal_of
        join fin_entry e on e.txn_id = t.id and e.account_ref = ${INNER.merchants}
        where t.txn_type in ('CONSUME', 'CONSUME_REFUND')
          and t.posted_at < ${until.toISOString()}::timestamptz
          ${from ? sql`and t.posted_at >= ${from.toISOString()}::timestamptz` : sql``}
          and coalesce(t.terminal_id, o.terminal_id) in ${terminals}`,
  );
  return { payments: Number(row?.payments ?? 0), takings: Number(row?.takings ?? 0), refunds: Number(row?.refunds ?? 0) };
}

/** The first instant of a school day. */
const dayStart = (zone: string, day: string) => parseSchoolTime(zone, `${day} 00:00:00`)!;

export interface SettleInput {
  key: string;
  id: string;
  periodTo: string;
  rentMonths: number;
  payWay: '1' | '2';
  remark?: string | null;
}

/**
 * 结算 (商户解款, DOMAIN.md §13): under the shop's lock, once per request key — the shop's takings
 * since its last settlement up to the end of `periodTo` (yesterday at the latest; today once it is
 * closed, its terminals unbound), less refunds, its commission (‰ of what is left) and the rent
 * months kept, paid out of 2004 商户应付: D 2004 the net takings, C 1001/1002 the payable, C 6002 the
 * commission, C 6051 the rent. A settlement row, the shop's 已结算至 and its history with it.
 */
export async function settleShop(db: Database, caller: Caller, input: SettleInput): Promise<PostedTransaction & { billNo: string }> {
  const core = ledgerCore(db);
  let billNo = '';
  const posted = await core.once(caller, input.key, { op: 'shop-settle', ...input }, null, async (tx, _none, hash) => {
    // The posting's transaction, bound to the school from here.
    const work = await schoolWork(tx, caller);
    const [shop] = await work.lock(shops, input.id);
    if (!shop) throw notFound('商铺不存在');
    const zone = await schoolZone(tx, caller.tenantId);
    const today = dayIn(zone);
    const latest = shop.status === '3' ? today : addDays(today, -1);
    if (input.periodTo > latest)
      throw badRequest(
        shop.status === '3' ? '结算截止日不能晚于今天' : '结算截止日最晚为昨天（今天的营业尚未结束）',
        shop.status === '3' ? 'The settlement cannot go past today' : "The settlement goes up to yesterday at the latest (today's trading is not over)",
      );
    if (shop.settledTo && input.periodTo <= shop.settledTo) throw badRequest(`该商铺已结算至 ${shop.settledTo}`, `The shop is settled up to ${shop.settledTo} already`);
    const until = dayStart(zone, addDays(input.periodTo, 1));
    const taken = await shopTakings(work, shop.id, shop.settledUntil, until);
    const net = taken.takings - taken.refunds;
    if (net <= 0) throw badRequest('该期间没有可结算的营业额', 'Nothing was taken in this period to settle');
    const commission = Math.round((net * shop.commissionPermille) / 1000);
    const rent = input.rentMonths * shop.rent;
    const payable = net - commission - rent;
    if (payable < 0)
      throw badRequest(
        `营业额 ${yuan(net)} 元不足以扣除提成 ${yuan(commission)} 元和租金 ${yuan(rent)} 元`,
        `The takings of ${yuan(net)} do not cover the commission of ${yuan(commission)} and the rent of ${yuan(rent)}`,
      );
    billNo = await nextBillNo(tx, caller.tenantId, 'JS');
    const lines: Line[] = [{ accountRef: INNER.merchants, wallet: null, dc: 'D', amount: net }];
    if (payable > 0) lines.push({ accountRef: input.payWay === '1' ? INNER.cashOnHand : INNER.bank, wallet: null, dc: 'C', amount: payable });
    if (commission > 0) lines.push({ accountRef: INNER.feeIncome, wallet: null, dc: 'C', amount: commission });
    if (rent > 0) lines.push({ accountRef: INNER.rentIncome, wallet: null, dc: 'C', amount: rent });
    const done = await core.post(tx, caller, {
      key: input.key,
      hash,
      type: 'SHOP_SETTLE',
      account: null,
      amount: net,
      lines,
      meta: { channel: input.payWay === '1' ? 'cash' : 'bank', summary: `商铺结算 ${billNo} ${shop.name}` },
    });
    const periodFrom = shop.settledTo ? addDays(shop.settledTo, 1) : null;
    await work.insert(shopSettlements, {
      id: newId(),
      billNo,
      shopId: shop.id,
      periodFrom,
      periodTo: input.periodTo,
      ...taken,
      commission,
      rentMonths: input.rentMonths,
      rent,
      payable,
      payWay: input.payWay,
      txnNo: done.txnNo,
      remark: input.remark || null,
    });
    await work.update(shops, { settledUntil: until, settledTo: input.periodTo }, eq(shops.id, shop.id));
    // A closed shop settled to its last day owes nothing more: its terminals are free for another shop.
    const unbound = shop.status === '3' && input.periodTo === today ? await work.remove(shopTerminals, eq(shopTerminals.shopId, shop.id)) : 0;
    await work.history([
      {
        entity: 'shops.shop',
        recordId: shop.id,
        action: 'settle',
        fromState: { status: shop.status },
        toState: { status: shop.status },
        inputs: { periodTo: input.periodTo, rentMonths: input.rentMonths, payWay: input.payWay, ...(input.remark ? { remark: input.remark } : {}) },
        note: `结算 ${billNo}：营业额 ${yuan(taken.takings)}，退款 ${yuan(taken.refunds)}，提成 ${yuan(commission)}，租金 ${yuan(rent)}，实付 ${yuan(payable)}（${done.txnNo}）${unbound ? `；解除绑定终端 ${unbound} 台` : ''}`,
      },
    ]);
    return done;
  });
  if (!billNo) billNo = (await settlementOf(schoolReads(db, caller), posted.txnNo)) ?? '';
  return { ...posted, billNo };
}

/** The settlement a posting paid (a replay's answer names it too). */
async function settlementOf(work: Work, txnNo: string): Promise<string | null> {
  const [row] = await work.rows(shopSettlements, eq(shopSettlements.txnNo, txnNo));
  return row?.billNo ?? null;
}
