import type { DashboardAnswer, MonitorAnswer, WorkplaceAnswer } from '@shared/dashboard';
import { get } from './client';

export interface LoginInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

export interface VisitDay {
  tian: string;
  type: string;
  visit: number;
  ip: number;
}

export const homeApi = {
  // Silent: an account not granted anything yet is refused them, and its home page shows dashes.
  loginInfo: () => get<LoginInfo>('/sys/loginfo', undefined, { silent: true }),
  /** The school's figures and the user's pending approvals (what their permissions cover). */
  dashboard: () => get<DashboardAnswer>('/home/dashboard', undefined, { silent: true }),
  monitor: () => get<MonitorAnswer>('/home/monitor', undefined, { silent: true }),
  workplace: () => get<WorkplaceAnswer>('/home/workplace', undefined, { silent: true }),
  visitInfo: () => get<VisitDay[]>('/sys/visitInfo', undefined, { silent: true }),
  /** Server overrides of the zh-CN labels; quiet, the built-in catalogue is a fine fallback. */
  i18n: () => get<Record<string, string>>('/home/info/i18n', undefined, { silent: true }),
};
