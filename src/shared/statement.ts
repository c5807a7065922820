/** 账户流水 as the server answers it and the console reads it (money in yuan). */

/** A wallet's balances as the statement shows them (yuan). */
export interface StatementBalances {
  cash: number;
  subsidy: number;
  gift: number;
  deposit: number;
}

/** One posting of an account's statement: what moved in each wallet, and the balances after it. */
export interface StatementLine {
  id: string;
  txnNo: string;
  txnType: string;
  accDate: string;
  postedAt: string;
  summary: string | null;
  channel: string | null;
  operator: string;
  /** What the posting did to the spendable wallets (cash, subsidy, gift): + in, − out. */
  change: number;
  moved: StatementBalances;
  after: StatementBalances;
}

export interface Statement {
  account: { id: string; accountNo: string; memberName: string; memberNo: string; accountStatus: string };
  from: string;
  to: string;
  /** The balances when the range began, and when it ended. */
  opening: StatementBalances;
  closing: StatementBalances;
  /** Sums of the range: money in and out of the spendable wallets. */
  credits: number;
  debits: number;
  total: number;
  records: StatementLine[];
}
