/** 首页's answer (GET /home/dashboard): each part present only when the user may see it. Money in cents. */

export interface DayFigures {
  amount: number;
  count: number;
}

/** Approvals waiting for the signed-in user, by kind, and the screen that decides them. */
export interface PendingWork {
  /** The deciding flow action: `<entity id>.<action>` (`supply.purchase.audit`). */
  kind: string;
  /** What waits, as the approval declares it (采购单待审核). */
  title: { 'zh-CN': string; en: string };
  path: string;
  count: number;
}

export interface DashboardAnswer {
  today: string;
  money?: {
    consume?: { today: DayFigures; yesterday: DayFigures };
    recharge?: { today: DayFigures; yesterday: DayFigures };
  };
  activeCards?: number;
  canteens?: { name: string; ordersServed: number; payments: number }[];
  lowBalances?: { threshold: number; count: number; lowest: { memberNo: string; name: string; balance: number }[] };
  pending: PendingWork[];
}

/** 示例 › 监控页: today's canteen payments hour by hour, the terminals, the latest payments. */
export interface MonitorAnswer {
  now: string;
  /** The school's current hour: `hours` run 0 … hour. */
  hour: number;
  canteens: { name: string; hours: number[]; payments: number; amount: number }[];
  terminals: { name: string; serialNo: string; canteen: string; enabled: boolean; online: boolean; lastSeenAt: string | null }[];
  latest: { at: string; canteen: string; amount: number; mealType: string | null }[];
}

/** 示例 › 工作台: what waits for the user and what they did last. */
export interface WorkplaceAnswer {
  pending: PendingWork[];
  recent: { at: string; action: string; success: boolean; message: string }[];
}
