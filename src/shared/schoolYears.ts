/**
 * The years of a school, stage by stage (小学, 初中, 高中): 升级 moves each grade to the next of its
 * stage, and the last of a stage (六年级, 初三, 高三) leaves — flagged for 毕业.
 */
export const SCHOOL_STAGES = [
  ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级'],
  ['初一', '初二', '初三'],
  ['高一', '高二', '高三'],
] as const;

/** A grade's year (its name's start) and the next one of its stage, null for a leaving year. */
export function nextYearOf(name: string): { year: string; next: string | null } | null {
  for (const stage of SCHOOL_STAGES) {
    const years: readonly string[] = stage;
    // The longest year first: 一年级 before a bare 一.
    const year = [...years].sort((a, b) => b.length - a.length).find((candidate) => name.startsWith(candidate));
    if (year) return { year, next: years[years.indexOf(year) + 1] ?? null };
  }
  return null;
}
