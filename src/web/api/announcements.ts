import type { PageResult } from '@shared/envelope';
import type { ListQuery } from '@web/grid/ListGrid';
import { get, post, put } from './client';

/** An announcement as a reader gets it (listByUser, my announcements): JeecgBoot's names, `titile` too. */
export interface Notice {
  id: string;
  anntId: string;
  titile: string;
  msgContent: string;
  msgAbstract: string | null;
  msgCategory: '1' | '2';
  priority: 'L' | 'M' | 'H';
  sender: string | null;
  sendTime: string | null;
  createTime: string;
  openType: 'url' | 'component' | null;
  openPage: string | null;
  busId: string | null;
  readFlag: '0' | '1';
}

/** The header's feed: the first unread of each category and the unread counts. */
export interface NoticeFeed {
  anntMsgList: Notice[];
  anntMsgTotal: number;
  sysMsgList: Notice[];
  sysMsgTotal: number;
}

/** An announcement being written (its recipients by id, per msgType). */
export interface AnnouncementDraft {
  id?: string;
  titile: string;
  msgCategory: string;
  priority: string;
  msgType: string;
  userIds: string;
  msgAbstract: string;
  msgContent: string;
  startTime: string;
  endTime: string;
  openType: string;
  openPage: string;
  busId: string;
}

export const announcementsApi = {
  /** Silent: the feed is polled, and a failure stops the polling rather than shouting. */
  feed: () => get<NoticeFeed>('/sys/annountCement/listByUser', undefined, { silent: true }),
  markRead: (anntId: string) => put<null>('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId }, { silent: true }),
  readAll: () => put<null>('/sys/sysAnnouncementSend/readAll'),
  mine: (query: ListQuery) => get<PageResult<Notice>>('/sys/sysAnnouncementSend/getMyAnnouncementSend', { ...query }),
  one: (id: string) => get<AnnouncementDraft & { sendStatus: string }>('/sys/annountCement/queryById', { id }),
  add: (body: AnnouncementDraft) => post<{ id: string }>('/sys/annountCement/add', body),
  edit: (body: AnnouncementDraft) => put<null>('/sys/annountCement/edit', body),
};
