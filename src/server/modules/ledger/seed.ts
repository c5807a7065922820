import type dayjs from 'dayjs';
import { schoolNow } from '../../db/seed/schoolClock';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Executor } from '../../db/client';
import { Work } from '../../db/work';
import { newId, timeOrderedId } from '../../db/ids';
import { accountDays, accounts, adjustments, cardReplacements, cards, ledgerEntries, ledgerTransactions, memberDepartments, members, memberTypes } from '../../db/schema';
import { LEAVERS_NODE } from '../../db/seed/members';
import { INNER, type Wallet } from './service';

type Entry = typeof ledgerEntries.$inferInsert;
type Txn = typeof ledgerTransactions.$inferInsert;

/** Inserts rows in pieces (a multi-row insert has a parameter limit). */
async function insertAll<T>(rows: T[], write: (piece: T[]) => Promise<unknown>): Promise<void> {
  for (let at = 0; at < rows.length; at += 400) await write(rows.slice(at, at + 400));
}

/**
 * A new school's card office five weeks ago: accounts and cards for the pupils of the first grade
 * and the staff, each opened with its deposit and first recharge, a few cards replaced or changed,
 * one correction approved — written as balanced ledger transactions whose sums are the accounts'
 * balances (the reconciliation finds nothing). The weeks since are lived through the services
 * (`src/server/sampleSchool`). Part of the ledger module: the only writer of these tables.
 */
export async function seedLedger(tx: Executor, tenantId: number, operator: string): Promise<void> {
  const work = new Work(tx, tenantId, operator);
  const people = await tx
    .select({ id: members.id, memberNo: members.memberNo, deptId: members.deptId, type: memberTypes })
    .from(members)
    .innerJoin(memberTypes, eq(memberTypes.id, members.memberTypeId))
    .where(and(work.school(members, { deleted: true }), eq(members.memberStatus, '1'), inArray(memberTypes.code, ['STUDENT', 'STAFF'])))
    .orderBy(asc(members.memberNo));
  // Last summer's leavers, in the classes of their own node: brought over from the old card system.
  const [node] = await work.rows(memberDepartments, eq(memberDepartments.name, LEAVERS_NODE), { limit: 1 });
  const leaverClasses = new Set(node ? (await work.rows(memberDepartments, eq(memberDepartments.parentId, node.id))).map((row) => row.id) : []);
  const isLeaver = (person: (typeof people)[number]) => leaverClasses.has(person.deptId);
  // The staff, and the pupils of the first three classes by number (the first grade's); then the leavers.
  const pupils = people.filter((person) => person.type.code === 'STUDENT' && !isLeaver(person));
  const chosen = [...pupils.slice(-120), ...people.filter((person) => person.type.code === 'STAFF'), ...people.filter(isLeaver)];
  // Opened five weeks ago, before the weeks the sample school lives through its services (`src/server/sampleSchool`):
  // what is written here directly comes before any posting of theirs.
  const opened = schoolNow().subtract(35, 'day');
  const accountRows: (typeof accounts.$inferInsert)[] = [];
  const cardRows: (typeof cards.$inferInsert)[] = [];
  const txns: Txn[] = [];
  const entries: Entry[] = [];
  const bills: (typeof cardReplacements.$inferInsert)[] = [];
  const corrections: (typeof adjustments.$inferInsert)[] = [];
  const days = new Map<string, typeof accountDays.$inferInsert & { spent: number; payments: number }>();

  chosen.forEach((person, index) => {
    // A leaver's account holds what the old system did, frozen (their card with it) since they left in June.
    const leaver = isLeaver(person);
    const accountId = newId();
    const balances: Record<Wallet, number> = { CASH: 0, SUBSIDY: 0, GIFT: 0, DEPOSIT: 0 };
    let sequence = 0;
    const post = (type: string, amount: number, at: dayjs.Dayjs, lines: [ref: string, wallet: Wallet | null, dc: 'D' | 'C', amount: number][], extra: Partial<Txn> = {}) => {
      // A posting's id begins with its posting time, as the service's do (the reports read the ledger by it).
      const txnId = timeOrderedId(at.valueOf());
      sequence += 1;
      txns.push({
        id: txnId,
        tenantId,
        // Numbered below from the service's sequence, so a later posting never takes a seeded number.
        txnNo: at.format('YYYYMMDD'),
        idempotencyKey: `seed-${accountId}-${sequence}`,
        requestHash: 'seed',
        txnType: type,
        accountId,
        amount,
        operator,
        occurredAt: at.toDate(),
        postedAt: at.toDate(),
        accDate: at.format('YYYY-MM-DD'),
        ...extra,
      });
      lines.forEach(([ref, wallet, dc, part], seq) => {
        let balanceAfter: number | null = null;
        if (wallet && ref === accountId) {
          balances[wallet] += dc === 'C' ? part : -part;
          balanceAfter = balances[wallet];
        }
        entries.push({ tenantId, txnId, seq: seq + 1, accountRef: ref, wallet, dc, amount: part, balanceAfter });
      });
      // What the service keeps beside a posting: the balances it left, and a payment's day counter.
      Object.assign(txns[txns.length - 1]!, { cashAfter: balances.CASH, subsidyAfter: balances.SUBSIDY, giftAfter: balances.GIFT, depositAfter: balances.DEPOSIT });
      if (type === 'CONSUME') {
        const day = days.get(`${accountId}|${at.format('YYYY-MM-DD')}`) ?? { accountId, accDate: at.format('YYYY-MM-DD'), spent: 0, payments: 0 };
        day.spent += amount;
        day.payments += 1;
        days.set(`${accountId}|${day.accDate}`, day);
      }
      return txnId;
    };
    const cardNo = String(20260000 + index + 1);
    const cardId = newId();
    const deposit = person.type.deposit;
    post(
      'OPEN',
      deposit,
      opened.add(index, 'minute'),
      deposit > 0
        ? [
            [INNER.cashOnHand, null, 'D', deposit],
            [accountId, 'DEPOSIT', 'C', deposit],
          ]
        : [],
      { cardId, channel: 'cash', summary: leaver ? '旧卡系统迁入：押金' : '开户发卡' },
    );
    // Recharges of 100, 200 or 300 yuan, some by bank transfer; a leaver's what was left in June.
    const recharged = leaver ? 350 + ((index * 2377) % 9000) : 10000 * (1 + (index % 3));
    post(
      'RECHARGE',
      recharged,
      opened.add(1, 'day').add(index, 'minute'),
      [
        [index % 4 === 0 ? INNER.bank : INNER.cashOnHand, null, 'D', recharged],
        [accountId, 'CASH', 'C', recharged],
      ],
      {
        channel: index % 4 === 0 ? 'bank' : 'cash',
        summary: leaver ? '旧卡系统迁入：余额' : '充值',
      },
    );
    // Some lost a card (补卡, the replacement fee from their cash), a few had a damaged one changed (换卡).
    const card = (id: string, no: string, phys: string, extra: Partial<typeof cards.$inferInsert> = {}) =>
      cardRows.push({
        id,
        tenantId,
        createBy: operator,
        cardNo: no,
        physNo: phys,
        memberId: person.id,
        accountId,
        issueDate: opened.format('YYYY-MM-DD'),
        expireDate: opened.add(person.type.validMonths, 'month').format('YYYY-MM-DD'),
        ...extra,
      });
    const physOf = (base: number) => (base + index * 7919).toString(16).toUpperCase();
    const kind = leaver ? null : index % 15 === 7 ? 'replace' : index % 23 === 11 ? 'change' : null;
    if (kind) {
      const at = opened.add(5, 'day').add(index, 'minute');
      const newCard = newId();
      const newNo = String(20269000 + index + 1);
      const fee = kind === 'replace' ? person.type.replaceFee : person.type.cardFee;
      const txnId = post(
        kind === 'replace' ? 'CARD_REPLACE' : 'CARD_CHANGE',
        fee,
        at,
        fee > 0 ? [kind === 'replace' ? [accountId, 'CASH', 'D', fee] : [INNER.cashOnHand, null, 'D', fee], [INNER.cardFees, null, 'C', fee]] : [],
        { cardId: newCard, channel: kind === 'replace' ? null : 'cash', summary: `${kind === 'replace' ? '补卡' : '换卡'} ${cardNo} → ${newNo}` },
      );
      card(cardId, cardNo, physOf(0xa0000000), {
        cardStatus: '4',
        closeReason: kind === 'replace' ? '2' : '3',
        lossTime: kind === 'replace' ? at.subtract(1, 'day').toDate() : null,
        closeTime: at.toDate(),
        listVersion: 3,
      });
      card(newCard, newNo, physOf(0xb0000000), { issueDate: at.format('YYYY-MM-DD') });
      bills.push({
        id: newId(),
        tenantId,
        createBy: operator,
        createdAt: at.toDate(),
        billNo: `BK${at.format('YYYYMMDD')}${txnId.slice(-8).toUpperCase()}`,
        memberId: person.id,
        accountId,
        oldCardId: cardId,
        newCardId: newCard,
        reason: kind === 'replace' ? '1' : '2',
        fee,
        feePay: kind === 'replace' ? '1' : '2',
        txnId,
      });
    } else card(cardId, cardNo, physOf(0xa0000000), leaver ? { cardStatus: '3' } : {});
    // 手工调账: one posted (entered by the canteen's clerk, approved here), one waiting, one rejected.
    const correction = (status: '0' | '1' | '2', wallet: Wallet, direction: '1' | '2', amount: number, reason: string, at: dayjs.Dayjs, extra: Partial<typeof adjustments.$inferInsert> = {}) => {
      const id = newId();
      corrections.push({
        id,
        tenantId,
        createBy: 'canteen',
        createdAt: at.toDate(),
        billNo: `TZ${at.format('YYYYMMDD')}${id.slice(0, 8).toUpperCase()}`,
        idempotencyKey: `seed-${id}`,
        accountId,
        wallet,
        direction,
        amount,
        reason,
        status,
        ...extra,
      });
      return id;
    };
    if (index === 5) {
      const at = opened.add(3, 'day').hour(15);
      correction('1', 'CASH', '1', 1350, '消费机故障重复扣费，补回一笔', at, { checkBy: operator, checkedAt: at.add(1, 'hour').toDate(), checkRemark: '核对流水无误' });
      const txnId = post(
        'ADJUST',
        1350,
        at.add(1, 'hour'),
        [
          [INNER.otherIncome, null, 'D', 1350],
          [accountId, 'CASH', 'C', 1350],
        ],
        { summary: '手工调账：消费机故障重复扣费，补回一笔' },
      );
      corrections[corrections.length - 1]!.txnId = txnId;
    }
    if (index === 9) correction('0', 'CASH', '2', 500, '充值时多记5元，调减', schoolNow().subtract(1, 'day').hour(10));
    if (index === 14)
      correction('2', 'GIFT', '1', 2000, '活动赠送未到账', schoolNow().subtract(2, 'day').hour(9), {
        checkBy: operator,
        checkedAt: schoolNow().subtract(2, 'day').hour(11).toDate(),
        checkRemark: '活动未开始，不予补录',
      });
    accountRows.push({
      id: accountId,
      tenantId,
      createBy: operator,
      accountNo: `A${person.memberNo}`.slice(0, 20),
      memberId: person.id,
      accountStatus: leaver ? '2' : '1',
      cash: balances.CASH,
      subsidy: balances.SUBSIDY,
      gift: balances.GIFT,
      deposit: balances.DEPOSIT,
      singleLimit: person.type.singleLimit,
      dailyLimit: person.type.dailyLimit,
      dailyLimitCount: person.type.dailyLimitCount,
      totalRecharge: recharged,
      totalConsume: 0,
      openDate: opened.format('YYYY-MM-DD'),
      expireDate: opened.add(person.type.validMonths, 'month').format('YYYY-MM-DD'),
      version: sequence,
    });
  });

  await insertAll(accountRows, (piece) => tx.insert(accounts).values(piece));
  await insertAll(cardRows, (piece) => tx.insert(cards).values(piece));
  const numbers = await rowsOf<{ n: string }>(tx, sql`select nextval('fin_txn_no_seq')::text as n from generate_series(1, ${txns.length})`);
  txns.forEach((txn, index) => (txn.txnNo = `${txn.txnNo}${numbers[index]!.n.padStart(10, '0')}`));
  await insertAll(txns, (piece) => tx.insert(ledgerTransactions).values(piece));
  await insertAll(entries, (piece) => tx.insert(ledgerEntries).values(piece));
  await insertAll(bills, (piece) => tx.insert(cardReplacements).values(piece));
  await insertAll(corrections, (piece) => tx.insert(adjustments).values(piece));
  await insertAll([...days.values()], (piece) => tx.insert(accountDays).values(piece));
}
