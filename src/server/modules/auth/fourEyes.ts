import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../http/envelope';
import { schoolSettings } from '../schools/settings';

export const FOUR_EYES_MESSAGES = {
  samePerson: '录入人与审核人不能为同一人',
  passwordSetByOther: '您的密码由他人设置，请先修改自己的密码后再审核',
} as const;

/**
 * Four eyes: whoever checks (审核 or 驳回) a maker's work must be another person, not a second
 * face of the maker. Refused: the maker themselves; an account whose password someone else set last
 * (a reset or a new account: the setter may know it) until its holder changes it; an account the
 * maker created, within the school's checker wait.
 */
export async function assertChecker(db: Executor, tenantId: number, maker: string | null, checker: string): Promise<void> {
  if (maker === checker) throw badRequest(FOUR_EYES_MESSAGES.samePerson);
  const [account] = await db
    .select({ username: users.username, createBy: users.createBy, createdAt: users.createdAt, passwordSetBy: users.passwordSetBy })
    .from(users)
    .where(eq(users.username, checker));
  if (!account) throw badRequest(FOUR_EYES_MESSAGES.samePerson);
  if (account.passwordSetBy !== null && account.passwordSetBy !== account.username) throw badRequest(FOUR_EYES_MESSAGES.passwordSetByOther);
  const { checkerWaitDays } = await schoolSettings(db, tenantId);
  if (account.createBy === maker && Date.now() - account.createdAt.getTime() < checkerWaitDays * 86_400_000)
    throw badRequest(
      `审核人账号由录入人创建，创建后${checkerWaitDays}天内不能审核其录入的单据`,
      `The checker's account was created by the maker: for ${checkerWaitDays} days it may not check the maker's work`,
    );
}
