import type { EntitySpec } from '../../engine/spec';

/**
 * 综合评分's 班级汇总 (DOMAIN.md 2.9): each pupil in service of a class for a term with scores — every dimension's
 * net points, the total on a base of 80, the rank in the class and the grade (A ≥ 90 · B ≥ 80 ·
 * C ≥ 60 · D). Read-only, from the view `v_score_summary` over the records in force.
 */
export const scoreSummary: EntitySpec = {
  id: 'members.scoreSummary',
  title: { 'zh-CN': '班级汇总', en: 'Class summary' },
  api: '/memb/scoreSummary',
  table: 'v_score_summary',
  permissionPrefix: 'scoreSummary',
  screen: { path: '/members/scores', component: 'members/ScoreList', title: { 'zh-CN': '综合评分', en: 'Overall score' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'memberNo',
  createTime: false,
  fields: [
    { key: 'termId', type: 'ref', ref: 'payments.schoolTerm', title: { 'zh-CN': '学年学期', en: 'Term' }, required: true, query: 'eq', width: 150 },
    { key: 'deptId', type: 'ref', ref: 'members.department', title: { 'zh-CN': '班级', en: 'Class' }, required: true, query: 'eq', width: 110 },
    { key: 'memberNo', type: 'text', title: { 'zh-CN': '学号', en: 'Student no.' }, required: true, max: 32, query: 'like', sortable: true, width: 110 },
    { key: 'memberId', type: 'ref', ref: 'members.member', title: { 'zh-CN': '姓名', en: 'Name' }, required: true, width: 90 },
    { key: 'morality', type: 'number', title: { 'zh-CN': '品德表现', en: 'Conduct' }, required: true, min: -1000, max: 1000, width: 80 },
    { key: 'academic', type: 'number', title: { 'zh-CN': '学业水平', en: 'Studies' }, required: true, min: -1000, max: 1000, width: 80 },
    { key: 'health', type: 'number', title: { 'zh-CN': '身心健康', en: 'Health' }, required: true, min: -1000, max: 1000, width: 80 },
    { key: 'arts', type: 'number', title: { 'zh-CN': '艺术素养', en: 'Arts' }, required: true, min: -1000, max: 1000, width: 80 },
    { key: 'practice', type: 'number', title: { 'zh-CN': '社会实践', en: 'Practice' }, required: true, min: -1000, max: 1000, width: 80 },
    { key: 'dining', type: 'number', title: { 'zh-CN': '文明就餐', en: 'Dining' }, required: true, min: -1000, max: 1000, width: 80 },
    { key: 'total', type: 'number', title: { 'zh-CN': '总分', en: 'Total' }, required: true, min: -10000, max: 10000, sortable: true, width: 70 },
    { key: 'classRank', type: 'number', title: { 'zh-CN': '班级排名', en: 'Class rank' }, required: true, max: 10000, sortable: true, width: 80 },
    { key: 'grade', type: 'dict', dict: 'score_grade', title: { 'zh-CN': '等级', en: 'Grade' }, required: true, query: 'eq', width: 60 },
  ],
  form: { width: 640, columns: 2 },
  // The school's best first; a class chosen, its ranking.
  defaultSort: { field: 'total', order: 'desc' },
};
