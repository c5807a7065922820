import { createHash, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { smsCodes } from '../../db/schema';
import { ApiError, badRequest } from '../../http/envelope';
import type { SmsSender } from '../../sms/sender';

export type CodePurpose = 'login' | 'register' | 'reset' | 'bind' | 'parent';

/** A code is good for five minutes, five wrong tries and one use. */
export const CODE_TTL_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;
/** A phone gets one code a minute for each purpose (register, then sign in) and ten a day; an address twenty an hour. */
const PHONE_INTERVAL_MS = 60_000;
const PHONE_PER_DAY = 10;
const ADDRESS_PER_HOUR = 20;

export const SMS_MESSAGES = {
  tooSoon: '验证码发送过于频繁，请60秒后再试',
  phoneDaily: '该手机号今日获取验证码次数已达上限',
  addressHourly: '获取验证码过于频繁，请稍后再试',
  wrong: '短信验证码错误或已过期',
  sent: '短信验证码已发送，5分钟内有效',
} as const;

const TEXTS: Record<CodePurpose, (code: string) => string> = {
  login: (code) => `【校园一卡通】您的登录验证码为 ${code}，5分钟内有效，请勿泄露给他人。`,
  register: (code) => `【校园一卡通】您的注册验证码为 ${code}，5分钟内有效，请勿泄露给他人。`,
  reset: (code) => `【校园一卡通】您正在找回密码，验证码为 ${code}，5分钟内有效。如非本人操作请忽略。`,
  bind: (code) => `【校园一卡通】您正在绑定手机号，验证码为 ${code}，5分钟内有效。如非本人操作请忽略。`,
  parent: (code) => `【校园一卡通】您正在登录家长端，验证码为 ${code}，5分钟内有效，请勿泄露给他人。`,
};

const hashOf = (mobile: string, purpose: CodePurpose, code: string) => createHash('sha256').update(`${purpose}:${mobile}:${code}`).digest('hex');

/**
 * Six-digit codes texted for sign-in, registration and password reset. Only a hash is kept;
 * asking is limited per phone and per address, checking per code (five tries), and a code is
 * spent by the operation it allows, so a code read over someone's shoulder works once at most.
 */
export function createSmsCodes(db: Database, sms: SmsSender) {
  return {
    /**
     * Makes a code and texts it. `deliver` false: made and counted exactly the same, texted to
     * nobody (a phone no account has, asked for a sign-in code): the answer never tells them apart.
     */
    async send(mobile: string, purpose: CodePurpose, ip: string, deliver = true): Promise<void> {
      const now = Date.now();
      const [last] = await db
        .select({ createdAt: smsCodes.createdAt })
        .from(smsCodes)
        .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose)))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      if (last && now - last.createdAt.getTime() < PHONE_INTERVAL_MS) throw new ApiError(429, SMS_MESSAGES.tooSoon);
      const [today] = await db
        .select({ n: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.mobile, mobile), gt(smsCodes.createdAt, new Date(now - 86_400_000))));
      if ((today?.n ?? 0) >= PHONE_PER_DAY) throw new ApiError(429, SMS_MESSAGES.phoneDaily);
      const [hour] = await db
        .select({ n: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, new Date(now - 3_600_000))));
      if ((hour?.n ?? 0) >= ADDRESS_PER_HOUR) throw new ApiError(429, SMS_MESSAGES.addressHourly);

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      // A new code replaces the phone's earlier ones for the same purpose.
      await db
        .update(smsCodes)
        .set({ usedAt: new Date(now) })
        .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt)));
      const [row] = await db
        .insert(smsCodes)
        .values({ mobile, purpose, codeHash: hashOf(mobile, purpose, code), ip, expiresAt: new Date(now + CODE_TTL_MS) })
        .returning({ id: smsCodes.id });
      if (!deliver) return;
      try {
        await sms.send(mobile, TEXTS[purpose](code));
      } catch (error) {
        // Not sent: it does not count against the phone, and cannot be used.
        await db.delete(smsCodes).where(eq(smsCodes.id, row!.id));
        throw error;
      }
    },

    /**
     * Checks the phone's live code; `spend` uses it up (the operation it allows is being done).
     * A wrong code counts a try against the live one. `executor`: the transaction of the operation,
     * whose refusal rolls the count back: check the code outside it first.
     */
    async check(mobile: string, purpose: CodePurpose, code: string, spend: boolean, executor: Executor = db): Promise<void> {
      const [live] = await executor
        .select()
        .from(smsCodes)
        .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, new Date()), lt(smsCodes.attempts, MAX_ATTEMPTS)))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      if (!live) throw badRequest(SMS_MESSAGES.wrong);
      if (live.codeHash !== hashOf(mobile, purpose, code.trim())) {
        await executor
          .update(smsCodes)
          .set({ attempts: sql`${smsCodes.attempts} + 1` })
          .where(eq(smsCodes.id, live.id));
        throw badRequest(SMS_MESSAGES.wrong);
      }
      if (!spend) return;
      // Spent once: of two requests racing with the same code, one wins.
      const spent = await executor
        .update(smsCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(smsCodes.id, live.id), isNull(smsCodes.usedAt)))
        .returning({ id: smsCodes.id });
      if (!spent.length) throw badRequest(SMS_MESSAGES.wrong);
    },

    async purgeExpired(): Promise<void> {
      await db.delete(smsCodes).where(lt(smsCodes.createdAt, new Date(Date.now() - 86_400_000)));
    },
  };
}
export type SmsCodes = ReturnType<typeof createSmsCodes>;
