import { eq } from 'drizzle-orm';
import type { FlowActionSpec } from '@shared/engine/flow';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../http/envelope';
import { schoolSettings } from '../schools/settings';

export const FOUR_EYES_MESSAGES = {
  samePerson: '录入人与审核人不能为同一人',
  passwordSetByOther: '您的密码由他人设置，请先修改自己的密码后再审核',
} as const;

/** Who may not check a record: the users its maker columns name. */
type Makers = string | null | undefined | readonly (string | null | undefined)[];

/** The users a record names in the columns an action's maker ≠ checker rule declares (`notBy`: 制单人, 提交人). */
export function makersOf(action: FlowActionSpec, row: Readonly<Record<string, unknown>>): string[] {
  return (action.notBy ?? []).map((column) => row[column]).filter((maker): maker is string => typeof maker === 'string' && maker !== '');
}

/**
 * Four eyes: whoever checks (审核 or 驳回) a maker's work must be another person, not a second
 * face of the maker. Refused: a maker themselves; an account whose password someone else set last
 * (a reset or a new account: the setter may know it) until its holder changes it; an account a
 * maker created, within the school's checker wait.
 *
 * Read once for a checker (in the caller's transaction), it answers a check per record: the flow
 * engine runs it on every row an action with `notBy` moves, and the hand routes (调账, 充值冲正) on theirs.
 */
export async function checkerRule(db: Executor, tenantId: number, checker: string): Promise<(makers: Makers) => void> {
  const [account] = await db
    .select({ username: users.username, createBy: users.createBy, createdAt: users.createdAt, passwordSetBy: users.passwordSetBy })
    .from(users)
    .where(eq(users.username, checker));
  const { checkerWaitDays } = await schoolSettings(db, tenantId);
  return (makers) => {
    const named = (Array.isArray(makers) ? makers : [makers]).filter((maker): maker is string => typeof maker === 'string' && maker !== '');
    if (!account || named.includes(checker)) throw badRequest(FOUR_EYES_MESSAGES.samePerson);
    if (account.passwordSetBy !== null && account.passwordSetBy !== account.username) throw badRequest(FOUR_EYES_MESSAGES.passwordSetByOther);
    if (account.createBy !== null && named.includes(account.createBy) && Date.now() - account.createdAt.getTime() < checkerWaitDays * 86_400_000)
      throw badRequest(
        `审核人账号由录入人创建，创建后${checkerWaitDays}天内不能审核其录入的单据`,
        `The checker's account was created by the maker: for ${checkerWaitDays} days it may not check the maker's work`,
      );
  };
}

/** The four-eyes rule on one record: refuses with a 400 unless `checker` is another person than every maker. */
export async function assertChecker(db: Executor, tenantId: number, makers: Makers, checker: string): Promise<void> {
  (await checkerRule(db, tenantId, checker))(makers);
}
