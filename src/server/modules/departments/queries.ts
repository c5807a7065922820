import type { Executor } from '../../db/client';
import { departments } from '../../db/schema';
import { Work } from '../../db/work';
import { notFound } from '../../http/envelope';

export type DepartRow = typeof departments.$inferSelect;

/** A department of the school, or 404. */
export async function departOfTenant(work: Work, id: string): Promise<DepartRow>;
/** @deprecated The school's unit of work instead: `departOfTenant(work, id)`. */
export async function departOfTenant(db: Executor, tenantId: number, id: string): Promise<DepartRow>;
export async function departOfTenant(on: Work | Executor, idOrSchool: string | number, id?: string): Promise<DepartRow> {
  // A caller not yet on a unit of work reads through one bound to the school it names.
  const work = on instanceof Work ? on : new Work(on, Number(idOrSchool), '');
  const row = await work.one(departments, on instanceof Work ? String(idOrSchool) : id!);
  if (!row) throw notFound('未找到对应实体');
  return row;
}

/** Org code segments: A01…A99, then B01… (JeecgBoot's YouBianCodeUtil shape). */
const SEGMENT = 3;

function segmentIndex(segment: string): number {
  const letter = segment.charCodeAt(0) - 65;
  return letter * 99 + Number(segment.slice(1));
}

function segmentOf(index: number): string {
  const letter = String.fromCharCode(65 + Math.floor((index - 1) / 99));
  return `${letter}${String(((index - 1) % 99) + 1).padStart(2, '0')}`;
}

/** The next org code under a parent code ('' for roots), after the siblings' codes. */
export function nextOrgCode(parentCode: string, siblingCodes: readonly string[]): string {
  const used = siblingCodes.filter((code) => code.length === parentCode.length + SEGMENT && code.startsWith(parentCode)).map((code) => segmentIndex(code.slice(parentCode.length)));
  return `${parentCode}${segmentOf(Math.max(0, ...used) + 1)}`;
}

/** Depth of an org code: "1" at the root. */
export const orgTypeOf = (orgCode: string) => String(orgCode.length / SEGMENT);
