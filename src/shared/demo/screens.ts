/** What 示例's screens read (GET /home/split/*, /home/print/receipts, /home/results/latest). Money in cents. */

/** 分屏's list: a person with their account's balance and card. */
export interface SplitMember {
  id: string;
  memberNo: string;
  realName: string;
  deptName: string | null;
  balance: number | null;
  cardNo: string | null;
}

/** 分屏's right side: the person, their account and their latest postings. */
export interface SplitMemberDetail extends SplitMember {
  sex: string;
  mobile: string | null;
  memberStatus: string;
  accountNo: string | null;
  accountStatus: string | null;
  cash: number | null;
  subsidy: number | null;
  cardStatus: string | null;
  postings: { txnNo: string; txnType: string; amount: number; postedAt: string; summary: string | null }[];
}

/** 打印's receipt: one recharge as the counter hands it over. */
export interface PrintReceipt {
  txnNo: string;
  postedAt: string;
  amount: number;
  channel: string | null;
  operator: string;
  cashAfter: number | null;
  memberNo: string;
  realName: string;
  deptName: string | null;
  accountNo: string;
  cardNo: string | null;
  school: string;
}

/** 成功页 and 失败页: the user's latest operation that went through, or was refused. */
export interface LatestOperation {
  at: string;
  /** Its button's title (充值), else its permission code or route. */
  action: string;
  route: string;
  method: string;
  message: string | null;
  target: string | null;
}

/** 卡片列表: a canteen as a card — its state, its stores and terminals, and today's takings. */
export interface CanteenCard {
  id: string;
  name: string;
  campus: string | null;
  location: string | null;
  manager: string | null;
  status: string;
  seats: number | null;
  terminals: number;
  terminalsOnline: number;
  payments: number;
  amount: number;
  stores: { name: string; status: string; payments: number; amount: number }[];
}

/** 任务: the signed-in user's day — approvals waiting, their exports, what they did today. */
export interface TaskBoard {
  today: string;
  pending: import('../dashboard').PendingWork[];
  exports: { fileName: string; status: string; rows: number; at: string; msg: string | null }[];
  done: { at: string; action: string }[];
}

/** 图表 and 图表示例: the school's last 30 days, money in cents. */
export interface TrendAnswer {
  days: { day: string; consume: number; recharge: number; payments: number }[];
  /** Spending of the 30 days by canteen and by meal (its meal_type value; '' when none). */
  canteens: { name: string; amount: number }[];
  meals: { mealType: string; amount: number; payments: number }[];
  /** Payments by hour of the day over the 30 days (0 … 23). */
  hours: number[];
}

/** 标准列表's batches: the school's batch work of every kind, each where it is in its life. */
export const BATCH_KINDS = ['subsidy', 'graduation', 'refund', 'push'] as const;
export type BatchKind = (typeof BATCH_KINDS)[number];
export const BATCH_PHASES = ['waiting', 'running', 'done', 'closed'] as const;
export type BatchPhase = (typeof BATCH_PHASES)[number];

export interface BatchRow {
  kind: BatchKind;
  id: string;
  no: string;
  /** The batch's own name; refunds and sends are named by their days and what they send. */
  name: string | null;
  phase: BatchPhase;
  /** Its state as its own screen shows it: a dictionary and a value. */
  statusDict: string;
  status: string;
  owner: string | null;
  startedAt: string;
  finishedAt: string | null;
  /** People or lines done (failures among them) of the whole. */
  done: number;
  failed: number;
  total: number;
  /** Cents moved, for the money batches. */
  amount: number | null;
  /** A refund's days. */
  from: string | null;
  to: string | null;
  /** What a send to the devices sends (push_type). */
  pushType: string | null;
  /** The screen the batch is worked on. */
  path: string;
}

export interface BatchBoard {
  counts: Record<BatchPhase, number>;
  /** Finished in the last seven days of the school. */
  doneThisWeek: number;
  /** The kinds this user may see (their screens are theirs). */
  kinds: BatchKind[];
  records: BatchRow[];
  total: number;
}
