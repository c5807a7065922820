import { createHash, randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { captchas } from '../../db/schema';

// svg-captcha draws text as paths; its default export (text, options) → SVG is not in its types.
const drawCaptcha = createRequire(import.meta.url)('svg-captcha') as (text: string, options: Record<string, unknown>) => string;

/** Letters and digits that cannot be mistaken for one another. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 4;
const TTL_MS = 5 * 60_000;

const hashAnswer = (answer: string) => createHash('sha256').update(answer.trim().toUpperCase()).digest('hex');

export const CAPTCHA_MESSAGES = {
  badKey: '验证码 key 只能由字母、数字、下划线或短横线组成（key）',
  required: '请输入验证码',
  wrong: '验证码错误或已过期，请重新输入',
} as const;

/**
 * JeecgBoot's captcha: GET /sys/randomImage/{key} draws one for the key the client chose, and
 * sign-in sends it back as `captcha` + `checkKey`. Stored in the database (any instance may check
 * it), answered once, expired after five minutes.
 */
export function createCaptchas(db: Database) {
  return {
    /** A new captcha for the key (replacing an earlier one), as a data URL for an <img>. */
    async issue(checkKey: string): Promise<string> {
      let answer = '';
      for (let i = 0; i < LENGTH; i += 1) answer += ALPHABET[randomInt(ALPHABET.length)];
      const svg = drawCaptcha(answer, { width: 105, height: 35, fontSize: 40, noise: 2, color: true, background: '#f0f5ff' });
      const expiresAt = new Date(Date.now() + TTL_MS);
      await db
        .insert(captchas)
        .values({ checkKey, answerHash: hashAnswer(answer), expiresAt })
        .onConflictDoUpdate({ target: captchas.checkKey, set: { answerHash: hashAnswer(answer), expiresAt } });
      // Expired ones go as new ones come.
      await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
      return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    },

    /** True when the answer is right; the captcha is used up either way. */
    async check(checkKey: string, answer: string): Promise<boolean> {
      const [row] = await db
        .delete(captchas)
        .where(and(eq(captchas.checkKey, checkKey), gt(captchas.expiresAt, new Date())))
        .returning({ answerHash: captchas.answerHash });
      return Boolean(row) && row!.answerHash === hashAnswer(answer);
    },
  };
}

export type Captchas = ReturnType<typeof createCaptchas>;

/** The answer of a stored captcha is not readable; tests draw one they know through this. */
export { hashAnswer as captchaAnswerHash };
