import type { FlowEffect } from '../../crud/flowActions';
import { badRequest } from '../../http/envelope';
import { instantOf } from './leave.hooks';

/**
 * 请假管理's flow (declared in leave.ts): 审批 keeps its note; 撤销 takes back a request, or an approved leave not yet
 * begun — one under way ends by 销假, which records the time of return within the leave's period.
 */
export const leaveActions: Readonly<Record<string, FlowEffect>> = {
  // The note given is the leave's 审批意见 (the applicant reads why it was rejected).
  async approve({ input }) {
    return { set: { approveOpinion: input.approveOpinion ?? null } };
  },
  async reject({ input }) {
    return { set: { approveOpinion: input.approveOpinion } };
  },
  async revoke({ row }) {
    if (row.approveStatus === '1' && (row.startTime as Date).getTime() <= Date.now()) throw badRequest('该请假已开始，请办理销假', 'This leave has begun: record the return (销假) instead');
  },
  async back({ row, input }) {
    const back = instantOf(input.backTime);
    if (back.getTime() <= (row.startTime as Date).getTime() || back.getTime() >= (row.endTime as Date).getTime())
      throw badRequest('返校时间须在请假期间内', 'The time of return must fall within the leave');
    return { set: { backTime: back } };
  },
};
