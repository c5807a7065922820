import { eq } from 'drizzle-orm';
import { smsParts } from '@shared/messages';
import type { Titles } from '@shared/engine/spec';
import type { AppContext } from '../../context';
import { newId } from '../../db/ids';
import { smsLogs } from '../../db/schema';
import { inSchool, schoolReads, type Intent } from '../../db/work';
import { ApiError } from '../../http/envelope';
import { outboxHandler } from '../../outbox/deliver';

export interface TextToSend {
  mobile: string;
  text: string;
  /** msg_scene of what sent it (7 挪车, 6 缴费提醒 …). */
  scene: string;
  templateCode?: string | null;
  signName?: string | null;
  /** The user who sent it (blank for a job). */
  by?: string | null;
  resendOf?: string | null;
}

type Sent = { ok: true; id: string } | { ok: false; id: string; error: string };

/**
 * Every text message of a school goes through here: written to 短信通知's log as 已提交 before the
 * provider is asked (a crash in between leaves a row that says so), then 发送成功 or 发送失败 with
 * the reason. Runs outside any business transaction: a slow provider holds no lock. With `id` (an
 * outbox delivery's own), a text whose log row exists already was sent (or tried) before: it is
 * not sent again, and its logged outcome is the answer.
 */
export async function sendText(context: AppContext, tenantId: number, item: TextToSend, queuedId?: string): Promise<Sent> {
  const worker = { tenantId, username: item.by ?? 'system' };
  const id = queuedId ?? newId();
  if (queuedId) {
    const [earlier] = await schoolReads(context.db, worker).rows(smsLogs, eq(smsLogs.id, id), { deleted: true });
    if (earlier) return earlier.status === '3' ? { ok: false, id, error: earlier.errMsg ?? '短信发送失败' } : { ok: true, id };
  }
  await inSchool(context.db, worker, (work) =>
    // Written by hand: a job's text is logged with no sender (the unit of work would stamp its name).
    // Its times from the server's clock, as the unit of work stamps 创建时间 (the sample weeks run on a simulated one).
    work.tx.insert(smsLogs).values({
      id,
      createdAt: new Date(),
      sentAt: new Date(),
      tenantId: work.tenantId,
      createBy: item.by ?? null,
      mobile: item.mobile,
      content: item.text,
      parts: smsParts(item.text),
      scene: item.scene,
      templateCode: item.templateCode ?? null,
      signName: item.signName ?? null,
      status: '1',
      resendOf: item.resendOf ?? null,
    }),
  );
  try {
    await context.sms.send(item.mobile, item.text);
  } catch (error) {
    const reason = error instanceof ApiError ? error.message : '短信发送失败';
    await inSchool(context.db, worker, (work) => work.update(smsLogs, { status: '3', errMsg: reason }, eq(smsLogs.id, id)));
    return { ok: false, id, error: reason };
  }
  await inSchool(context.db, worker, (work) => work.update(smsLogs, { status: '2' }, eq(smsLogs.id, id)));
  return { ok: true, id };
}

/** A text the clerk waits for (a test, a 挪车 notice): its failure is the answer (502, logged as failed). */
export async function sendTextOrFail(context: AppContext, tenantId: number, item: TextToSend): Promise<void> {
  const sent = await sendText(context, tenantId, item);
  if (!sent.ok) throw new ApiError(502, sent.error);
}

/** A queued text: its log row's id is fixed when it is queued, so a second delivery sends nothing twice. */
type QueuedText = TextToSend & { id: string };

/**
 * Texts to send after the commit (outbox kind `text.send`), for a flow action's `later` or
 * `work.later`. `failed`: what the first failure makes of the answer — `refuse` (the clerk waits
 * for the text: a test, a 挪车 notice), `resend` (重发失败：…), or nothing (a reminder to many).
 * `said`: the answer when nothing failed.
 */
export function textsLater(texts: readonly TextToSend[], options: { failed?: 'refuse' | 'resend'; said?: Titles } = {}): Intent {
  const queued: QueuedText[] = texts.map((text) => ({ ...text, id: newId() }));
  return { kind: 'text.send', payload: { texts: queued, ...options } };
}

outboxHandler('text.send', async (context, { tenantId, payload }) => {
  const texts = payload.texts as QueuedText[];
  let error: string | null = null;
  for (const { id, ...text } of texts) {
    const sent = await sendText(context, tenantId, text, id);
    if (!sent.ok) error ??= sent.error;
  }
  if (error && payload.failed === 'refuse') return { said: { 'zh-CN': error, en: error }, refused: true, status: 502 };
  if (error && payload.failed === 'resend') return { said: { 'zh-CN': `重发失败：${error}`, en: `Sending again failed: ${error}` } };
  return payload.said ? { said: payload.said as Titles } : undefined;
});
