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
  loginInfo: () => get<LoginInfo>('/sys/loginfo'),
  visitInfo: () => get<VisitDay[]>('/sys/visitInfo'),
  /** Server overrides of the zh-CN labels; quiet, the built-in catalogue is a fine fallback. */
  i18n: () => get<Record<string, string>>('/home/info/i18n', undefined, { silent: true }),
};
