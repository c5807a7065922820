import type { NoticePrefs } from '@shared/schemas/account';
import type { UserInfo } from '@shared/types';
import { get, put } from './client';

/** The signed-in user's own account, as 个人中心 and 个人设置 show it. */
export interface Account {
  userInfo: UserInfo;
  sex: number | null;
  phoneMasked: string | null;
  departs: string[];
  roles: string[];
  noticePrefs: NoticePrefs;
  signIns: { time: string; ip: string | null; success: boolean; message: string | null }[];
  createTime: string;
}

export const accountApi = {
  get: () => get<Account>('/sys/user/account'),
  saveProfile: (body: { realname: string; nickname: string; email: string; sex: string; avatar: string }) => put<UserInfo>('/sys/user/account', body),
  bindPhone: (phone: string, smscode: string) => put<{ phoneMasked: string }>('/sys/user/account/phone', { phone, smscode }),
  saveNoticePrefs: (prefs: NoticePrefs) => put<NoticePrefs>('/sys/user/account/noticePrefs', prefs),
};
