import type { RecordRule } from '../../engine/rules';

/** A visit cannot be expected to end before it starts. */
export const leavesAfterArriving: RecordRule = (values) =>
  typeof values.visitTime === 'string' && typeof values.expectedLeaveTime === 'string' && values.visitTime && values.expectedLeaveTime && values.expectedLeaveTime <= values.visitTime
    ? { field: 'expectedLeaveTime', message: { 'zh-CN': '预计离开时间应晚于预约来访时间', en: 'The expected departure must be after the expected arrival' } }
    : null;

export const visitorRules: readonly RecordRule[] = [leavesAfterArriving];
