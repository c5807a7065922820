import type { Titles } from './engine/spec';

/** The card office's screens: where its commands run and what they refresh. */
export const MEMBERS_SCREEN = '/members/people';
export const ACCOUNTS_SCREEN = '/members/accounts';
export const CARDS_SCREEN = '/members/cards';
export const CHARGES_SCREEN = '/payments/charges';
export const CONSUMPTION_SCREEN = '/payments/consumption';
export const GUESTS_SCREEN = '/members/guests';
export const CARD_REPAIR_SCREEN = '/members/card-repair';
export const PARENTS_SCREEN = '/members/parents';

/** The lists a card-office operation changes: members show cards and balances, accounts and cards their state. */
export const CARD_OFFICE_ENTITIES = [
  'members.member',
  'members.account',
  'members.card',
  'members.cardBalance',
  'members.cardReplacement',
  'members.adjustment',
  'members.pendingRefund',
  'payments.charge',
  'payments.consumption',
] as const;

/** An operation on one record that moves no money and only needs a yes: the route, its code and its words. */
export interface StateOperation {
  url: string;
  permission: string;
  screen: string;
  title: Titles;
  question: Titles;
  done: Titles;
}

export const MEMBER_DEPARTMENTS_SCREEN = '/members/departments';

export const STATE_OPERATIONS = {
  'memberDept.retire': {
    url: '/memb/deptinfo/retire',
    permission: 'membDept:retire',
    screen: MEMBER_DEPARTMENTS_SCREEN,
    title: { 'zh-CN': '停用年级/班级', en: 'Retire a grade or class' },
    question: { 'zh-CN': '停用后不能再选择该年级或班级（须已无在校人员）。确定停用？', en: 'A retired grade or class can no longer be chosen (no one at school may be in it). Retire it?' },
    done: { 'zh-CN': '已停用', en: 'Retired' },
  },
  'memberDept.promote': {
    url: '/memb/deptinfo/promote',
    permission: 'membDept:promote',
    screen: MEMBER_DEPARTMENTS_SCREEN,
    title: { 'zh-CN': '升级', en: 'Promote a year' },
    question: {
      'zh-CN': '全校每个年级升一级（高一→高二、高二→高三），班级随之改名，人员留在原班级；最高年级标记为待毕业。确定升级？',
      en: 'Every grade moves up a year (高一→高二, 高二→高三), classes renamed with it and members staying in them; the top year is flagged to graduate. Promote?',
    },
    done: { 'zh-CN': '升级成功！', en: 'Promoted' },
  },
  'tenant.freeze': {
    url: '/sys/tenant/freeze',
    permission: 'tenant:freeze',
    screen: '/system/schools',
    title: { 'zh-CN': '冻结学校', en: 'Freeze a school' },
    question: {
      'zh-CN': '冻结后该校所有用户立即退出，且无法登录，直到解冻。确定冻结？',
      en: 'Every user of a frozen school is signed out at once and cannot sign in until it is unfrozen. Freeze it?',
    },
    done: { 'zh-CN': '冻结成功！', en: 'Frozen' },
  },
  'tenant.unfreeze': {
    url: '/sys/tenant/unfreeze',
    permission: 'tenant:freeze',
    screen: '/system/schools',
    title: { 'zh-CN': '解冻学校', en: 'Unfreeze a school' },
    question: { 'zh-CN': '解冻后该校用户可以重新登录。确定解冻？', en: 'Its users can sign in again. Unfreeze the school?' },
    done: { 'zh-CN': '解冻成功！', en: 'Unfrozen' },
  },
} as const satisfies Record<string, StateOperation>;

export type StateOperationId = keyof typeof STATE_OPERATIONS;
