import type { EntityHooks } from '../../crud/registerEntity';

/** 3201**********1234: the first four and last four characters of an ID number, the rest hidden. */
export function maskIdNumber(value: string): string {
  if (value.length <= 8) return `${value.slice(0, 1)}${'*'.repeat(Math.max(value.length - 2, 0))}${value.slice(-1)}`;
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;
}

/** ID numbers are personal data: lists and exports show them masked, the form (to edit) whole. */
export const memberHooks: EntityHooks = {
  shapeRecord(record, view) {
    if (view === 'list' && typeof record.idNo === 'string' && record.idNo) record.idNo = maskIdNumber(record.idNo);
  },
};
