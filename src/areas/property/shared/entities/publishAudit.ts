import type { FlowActionSpec } from '@shared/engine/flow';
import type { Titles } from '@shared/engine/spec';

/**
 * What residents post (租售信息, 二手商品): shown once another person audits it (审核通过), 驳回 with a
 * reason, and 重新提交 after a change — status 0 待审核 → 1 shown, or → 4 驳回 → 0 again; `resubmitFrom`
 * adds the states besides 驳回 it may come back from (a listing taken down).
 */
export function publishAuditActions(words: { keywords: readonly string[]; shown: Titles; resubmitFrom?: readonly string[] }): FlowActionSpec[] {
  return [
    {
      id: 'approve',
      title: { 'zh-CN': '审核通过', en: 'Approve' },
      from: { status: ['0'] },
      to: { status: '1' },
      many: true,
      notBy: ['createBy'],
      stamps: { by: 'auditBy', at: 'auditTime' },
      confirm: words.shown,
      done: { 'zh-CN': '已上架', en: 'Shown' },
      icon: 'shield-check',
      keywords: [...words.keywords, 'approve', 'shenhe'],
      toolbar: true,
    },
    {
      id: 'reject',
      title: { 'zh-CN': '驳回', en: 'Reject' },
      from: { status: ['0'] },
      to: { status: '4' },
      stamps: { by: 'auditBy', at: 'auditTime' },
      input: [{ key: 'reason', type: 'text', title: { 'zh-CN': '驳回原因', en: 'Why' }, required: true, max: 200 }],
      confirm: { 'zh-CN': '驳回后可修改后重新提交。', en: 'It may be changed and submitted again.' },
      done: { 'zh-CN': '已驳回', en: 'Rejected' },
      effect: true,
      icon: 'undo-2',
      keywords: [...words.keywords, 'reject', 'bohui'],
    },
    {
      id: 'resubmit',
      title: { 'zh-CN': '重新提交', en: 'Submit again' },
      from: { status: [...(words.resubmitFrom ?? []), '4'] },
      to: { status: '0' },
      confirm: { 'zh-CN': '修改后重新提交审核。', en: 'Sent for audit again.' },
      done: { 'zh-CN': '已提交', en: 'Submitted' },
      icon: 'send',
      keywords: [...words.keywords, 'resubmit', 'tijiao'],
    },
  ];
}
