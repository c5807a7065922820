import { get } from './client';

/** A person found for the counter: who, where, their card and what is on it (yuan). */
export interface PersonHit {
  memberId: string;
  memberNo: string;
  realName: string;
  dept: string | null;
  accountId: string | null;
  accountStatus: string | null;
  cardNo: string | null;
  cardStatus: string | null;
  cash: number | null;
  subsidy: number | null;
}

export interface Posting {
  id: string;
  txnNo: string;
  txnType: string;
  amount: number;
  change: number;
  /** The deposit taken (+) or paid back (−) by the posting. */
  deposit: number;
  channel: string | null;
  operator: string;
  postedAt: string;
  summary: string | null;
}

export const peopleApi = {
  search: (keyword: string) => get<PersonHit[]>('/memb/member/search', { keyword }, { silent: true }),
  postings: (accountId: string) => get<Posting[]>('/memb/account/transactions', { accountId }),
};
