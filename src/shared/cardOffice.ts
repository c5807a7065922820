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

/**
 * An operation on a node of 人员部门's tree that only needs a yes: the route, its code and its words.
 * A tree node is no list row, so these are not flow actions (records' state operations are: flow.ts).
 */
export interface TreeOperation {
  url: string;
  permission: string;
  screen: string;
  title: Titles;
  question: Titles;
  done: Titles;
}

export const MEMBER_DEPARTMENTS_SCREEN = '/members/departments';

export const MEMBER_TREE_OPERATIONS = {
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
} as const satisfies Record<string, TreeOperation>;

export type TreeOperationId = keyof typeof MEMBER_TREE_OPERATIONS;
