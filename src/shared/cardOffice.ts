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

  'visitor.unblock': {
    url: '/memb/visitor/unblock',
    permission: 'visitor:unblock',
    screen: GUESTS_SCREEN,
    title: { 'zh-CN': '解除拉黑', en: 'Unblock a visitor' },
    question: { 'zh-CN': '解除后此人可再次登记来访。确定解除拉黑？', en: 'Once unblocked, this person can be registered again. Unblock?' },
    done: { 'zh-CN': '已解除拉黑', en: 'Unblocked' },
  },
  'parent.unbindWechat': {
    url: '/memb/parent/unbindWechat',
    permission: 'parent:unbindWechat',
    screen: PARENTS_SCREEN,
    title: { 'zh-CN': '解绑微信', en: 'Unbind WeChat' },
    question: {
      'zh-CN': '解绑后该家长需在家长端重新绑定微信，才能收到通知和代充。确定解绑？',
      en: 'Once unbound, the parent binds WeChat again in the parent app to get notices and recharge. Unbind?',
    },
    done: { 'zh-CN': '已解绑微信', en: 'WeChat unbound' },
  },
  'parent.invite': {
    url: '/memb/parent/invite',
    permission: 'parent:invite',
    screen: PARENTS_SCREEN,
    title: { 'zh-CN': '发邀请短信', en: 'Send invitation SMS' },
    question: { 'zh-CN': '向该家长的手机发送家长端邀请短信？', en: "Send the parent app's invitation to this parent's mobile?" },
    done: { 'zh-CN': '邀请短信已发送', en: 'Invitation sent' },
  },
  'job.resume': {
    url: '/sys/quartzJob/resume',
    permission: 'job:run',
    screen: '/system/jobs',
    title: { 'zh-CN': '启动任务', en: 'Start a job' },
    question: { 'zh-CN': '启动后该任务按 Cron 表达式定时执行。确定启动？', en: 'Once started, the job runs on its cron schedule. Start it?' },
    done: { 'zh-CN': '定时任务启动成功', en: 'Job started' },
  },
  'job.pause': {
    url: '/sys/quartzJob/pause',
    permission: 'job:run',
    screen: '/system/jobs',
    title: { 'zh-CN': '暂停任务', en: 'Stop a job' },
    question: { 'zh-CN': '暂停后该任务不再定时执行，直到再次启动。确定暂停？', en: 'A stopped job does not run until it is started again. Stop it?' },
    done: { 'zh-CN': '定时任务暂停成功', en: 'Job stopped' },
  },
  'job.execute': {
    url: '/sys/quartzJob/execute',
    permission: 'job:run',
    screen: '/system/jobs',
    title: { 'zh-CN': '立即执行', en: 'Run now' },
    question: { 'zh-CN': '立即在本服务器上执行一次该任务？', en: 'Run this job once now, on this server?' },
    done: { 'zh-CN': '执行成功', en: 'Run done' },
  },
  'announcement.release': {
    url: '/sys/annountCement/doReleaseData',
    permission: 'announcement:release',
    screen: '/system/announcements',
    title: { 'zh-CN': '发布通告', en: 'Release an announcement' },
    question: { 'zh-CN': '发布后通告立即送达接收对象，且不能再修改。确定发布？', en: 'Once released it reaches its recipients at once and cannot be changed. Release it?' },
    done: { 'zh-CN': '该系统通知发布成功', en: 'Announcement released' },
  },
  'announcement.revoke': {
    url: '/sys/annountCement/doReovkeData',
    permission: 'announcement:release',
    screen: '/system/announcements',
    title: { 'zh-CN': '撤销通告', en: 'Revoke an announcement' },
    question: { 'zh-CN': '撤销后接收对象不再看到该通告。确定撤销？', en: 'Its recipients no longer see it. Revoke it?' },
    done: { 'zh-CN': '该系统通知撤销成功', en: 'Announcement revoked' },
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
