import type { EntitySpec } from '../../engine/spec';

/**
 * 综合评分 (DOMAIN.md 2.9): points added or taken for a pupil in a term and a dimension — entered,
 * imported from a workbook (人员 by 学/工号), never edited: a mistake is 撤销 with its reason and
 * stays on record. The term is the current one when left blank; the class is the pupil's. The
 * per-class summary is `scoreSummary.ts`.
 */
export const scoreRecord: EntitySpec = {
  id: 'members.scoreRecord',
  title: { 'zh-CN': '评分记录', en: 'Score record' },
  api: '/memb/score',
  table: 'memb_score_record',
  permissionPrefix: 'score',
  screen: { path: '/members/scores', component: 'members/ScoreList', title: { 'zh-CN': '综合评分', en: 'Overall score' } },
  operations: ['add', 'export', 'import'],
  tenantScoped: true,
  labelField: 'memberId',
  fields: [
    { key: 'termId', type: 'ref', ref: 'payments.schoolTerm', title: { 'zh-CN': '学年学期', en: 'Term' }, query: 'eq', width: 150 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '学生', en: 'Pupil' }, required: true, query: 'eq', width: 100 },
    { key: 'deptId', type: 'ref', ref: 'members.department', title: { 'zh-CN': '班级', en: 'Class' }, required: true, form: false, query: 'in', width: 110 },
    { key: 'dimension', type: 'dict', dict: 'score_dimension', title: { 'zh-CN': '维度', en: 'Dimension' }, required: true, query: 'eq', width: 90 },
    { key: 'sign', type: 'dict', dict: 'score_sign', dictMode: 'radio', title: { 'zh-CN': '加/扣', en: 'Add or take' }, required: true, default: '1', query: 'eq', width: 70 },
    { key: 'points', type: 'number', title: { 'zh-CN': '分值', en: 'Points' }, required: true, min: 1, max: 100, sortable: true, width: 60 },
    { key: 'reason', type: 'text', title: { 'zh-CN': '事由', en: 'Reason' }, required: true, max: 200, query: 'like', width: 220, span: 2 },
    { key: 'source', type: 'dict', dict: 'score_source', title: { 'zh-CN': '来源', en: 'Source' }, default: '1', query: 'eq', width: 70 },
    { key: 'recordBy', type: 'text', title: { 'zh-CN': '记录人', en: 'Recorded by' }, max: 50, form: false, width: 80 },
    { key: 'recordTime', type: 'datetime', title: { 'zh-CN': '记录时间', en: 'Recorded at' }, required: true, form: false, sortable: true, width: 160 },
    { key: 'status', type: 'dict', dict: 'score_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '1', form: false, query: 'eq', width: 70 },
    { key: 'revokeBy', type: 'text', title: { 'zh-CN': '撤销人', en: 'Revoked by' }, max: 50, form: false, list: false },
    { key: 'revokeTime', type: 'datetime', title: { 'zh-CN': '撤销时间', en: 'Revoked at' }, form: false, list: false },
    { key: 'revokeReason', type: 'text', title: { 'zh-CN': '撤销原因', en: 'Why revoked' }, max: 200, form: false, width: 160 },
  ],
  form: { width: 640, columns: 2 },
  defaultSort: { field: 'recordTime', order: 'desc' },
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'revoke',
        title: { 'zh-CN': '撤销', en: 'Revoke' },
        from: { status: ['1'] },
        to: { status: '0' },
        many: true,
        stamps: { by: 'revokeBy', at: 'revokeTime' },
        input: [{ key: 'revokeReason', type: 'text', title: { 'zh-CN': '撤销原因', en: 'Why' }, required: true, max: 200 }],
        show: ['memberId', 'dimension', 'sign', 'points', 'reason'],
        confirm: { 'zh-CN': '撤销后该记录不再计入汇总，记录保留。', en: 'A revoked record no longer counts in the summary; it stays on record.' },
        done: { 'zh-CN': '已撤销', en: 'Revoked' },
        effect: true,
        icon: 'undo-2',
        keywords: ['score', 'revoke', 'pingfen', 'chexiao'],
        toolbar: true,
      },
    ],
  },
};
