/** 首页's answer (GET /home/dashboard): each part present only when the user may see it. Money in cents. */

export interface DayFigures {
  amount: number;
  count: number;
}

/** Approvals waiting for the signed-in user, by kind, and the screen that decides them. */
export interface PendingWork {
  kind: 'leave' | 'stopMeal' | 'subsidy' | 'purchase' | 'adjustment';
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
