import type { RecordRule } from '../../engine/rules';

/** An allow-list entry's period must not end before it starts. */
export const periodInOrder: RecordRule = (values) =>
  typeof values.validFrom === 'string' && typeof values.validTo === 'string' && values.validFrom && values.validTo && values.validTo < values.validFrom
    ? { field: 'validTo', message: { 'zh-CN': '失效日期不能早于生效日期', en: 'The end date cannot be before the start date' } }
    : null;

export const whiteListRules: readonly RecordRule[] = [periodInOrder];
