import type { visitor } from '@shared/entities/members/visitor';
import type { FlowEffects } from '../../crud/flowActions';
import { newId } from '../../db/ids';
import { visitorBlocks, type visitors } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { badRequest } from '../../http/envelope';
import { APPROVED, blocked, REJECTED, WAITING } from './visitors';

/**
 * 访客管理's flow (declared in the visitor's spec): the functions of the actions that do more than
 * move the status — 审核 decides 通过 or 拒绝 (a refusal needs its reason), 签到 takes the
 * temporary card when the pass is one, 取消 keeps its reason, 拉黑 puts the person on the blacklist.
 * The engine has already locked the visit and checked the state it starts from.
 */
export const visitorActions: FlowEffects<typeof visitor, RowOf<typeof visitors>> = {
  async review({ work, row: visit, input }) {
    const approve = input.decision === 'approve';
    if (!approve && !input.remark) throw badRequest('拒绝时请填写审核意见', 'Give the reason for refusing');
    if (approve && (await blocked(work, visit.mobile, visit.idNo))) throw badRequest('该访客已被列入黑名单，不能通过', 'This visitor is on the blacklist and cannot be let in');
    return {
      set: { visitStatus: approve ? APPROVED : REJECTED, checkRemark: input.remark ?? null },
      done: approve ? { 'zh-CN': '审核通过', en: 'Approved' } : { 'zh-CN': '已拒绝来访', en: 'Visit refused' },
    };
  },
  async checkIn({ row, input }) {
    const card = typeof input.tempCardNo === 'string' ? input.tempCardNo : '';
    if (row.passType === '2' && !/^\d{4,20}$/.test(card)) throw badRequest('请刷临时卡或输入临时卡号（4到20位数字）', 'Read the temporary card or type its number (4 to 20 digits)');
    return { set: { tempCardNo: row.passType === '2' ? card : null } };
  },
  async cancel({ input }) {
    return { set: { checkRemark: input.remark ?? null } };
  },
  async block({ work, row: visit, input }) {
    const reason = input.reason;
    if (await blocked(work, visit.mobile, null)) throw badRequest('该访客已在黑名单中', 'This visitor is already on the blacklist');
    await work.insert(visitorBlocks, { id: newId(), visitorName: visit.visitorName, mobile: visit.mobile, idNo: visit.idNo, reason, visitorId: visit.id });
    // A visit not yet begun is refused; one under way or over keeps its state.
    if (visit.visitStatus === WAITING || visit.visitStatus === APPROVED) return { set: { visitStatus: REJECTED, checkBy: work.username, checkRemark: `已拉黑：${reason}` }, note: reason };
    return { note: reason };
  },
};
