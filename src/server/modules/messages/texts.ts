import { eq } from 'drizzle-orm';
import { smsParts } from '@shared/messages';
import type { AppContext } from '../../context';
import { newId } from '../../db/ids';
import { smsLogs } from '../../db/schema';
import { ApiError } from '../../http/envelope';

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

/**
 * Every text message of a school goes through here: written to 短信通知's log as 已提交 before the
 * provider is asked (a crash in between leaves a row that says so), then 发送成功 or 发送失败 with
 * the reason. Runs outside any business transaction: a slow provider holds no lock.
 */
export async function sendText(context: AppContext, tenantId: number, item: TextToSend): Promise<{ ok: true; id: string } | { ok: false; id: string; error: string }> {
  const id = newId();
  await context.db.insert(smsLogs).values({
    id,
    tenantId,
    createBy: item.by ?? null,
    mobile: item.mobile,
    content: item.text,
    parts: smsParts(item.text),
    scene: item.scene,
    templateCode: item.templateCode ?? null,
    signName: item.signName ?? null,
    status: '1',
    resendOf: item.resendOf ?? null,
  });
  try {
    await context.sms.send(item.mobile, item.text);
  } catch (error) {
    const reason = error instanceof ApiError ? error.message : '短信发送失败';
    await context.db.update(smsLogs).set({ status: '3', errMsg: reason }).where(eq(smsLogs.id, id));
    return { ok: false, id, error: reason };
  }
  await context.db.update(smsLogs).set({ status: '2' }).where(eq(smsLogs.id, id));
  return { ok: true, id };
}

/** A text the clerk waits for (a test, a 挪车 notice): its failure is the answer (502, logged as failed). */
export async function sendTextOrFail(context: AppContext, tenantId: number, item: TextToSend): Promise<void> {
  const sent = await sendText(context, tenantId, item);
  if (!sent.ok) throw new ApiError(502, sent.error);
}
