import type { ComponentType } from 'react';
import { CronPreview } from './CronPreview';

/**
 * What a form shows below a field besides the input, by entity and field: behaviour a declaration
 * cannot say (the next run times of a schedule). Kept rare: most fields need none.
 */
export const FIELD_ADDONS: Readonly<Record<string, ComponentType<{ value: string }>>> = {
  'system.quartzJob.cronExpression': CronPreview,
};
