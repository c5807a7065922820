import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { renderTemplate } from '@shared/messages';
import type { AppContext } from '../../context';
import { newId } from '../../db/ids';
import { messageRecipients, messages, messageTemplates, parents, tenants } from '../../db/schema';
import { inSchool, schoolReads, unscoped, type Intent, type RowOf, type Work, type Worker } from '../../db/work';
import { nextBillNo } from '../bills/billNo';
import { membersReached, parentsReached, type Reader } from './audience';
import { sendText } from './texts';

/** What a message says and to whom, as 消息管理 stores it. */
export interface MessageTarget {
  audience: string;
  scope: string;
  memberId?: string | null;
  deptId?: string | null;
  channels: string;
}

/** Everyone a message reaches, one row per person and channel (written 待发送). */
export async function writeRecipients(work: Work, messageId: string, target: MessageTarget, by: string | null): Promise<number> {
  const scope = target.scope === '1' ? { memberId: target.memberId ?? '' } : target.scope === '2' ? { deptId: target.deptId ?? '' } : {};
  const readers: Reader[] = target.audience === '1' ? await membersReached(work, scope) : await parentsReached(work, scope);
  const channels = target.channels.split(',').filter(Boolean);
  const rows = readers.flatMap((reader) =>
    channels.map((channel) => ({
      id: newId(),
      tenantId: work.tenantId,
      // Who sent it (none for a job's message).
      createBy: by,
      messageId,
      memberId: reader.memberId,
      parentId: reader.parentId,
      name: reader.name,
      mobile: reader.mobile,
      channel,
      // A WeChat message needs a bound account: known before anything is sent.
      ...(channel === '2' && !reader.wxBound ? { status: '2', errMsg: '未绑定微信' } : {}),
    })),
  );
  for (let at = 0; at < rows.length; at += 1000) await work.tx.insert(messageRecipients).values(rows.slice(at, at + 1000));
  return rows.length;
}

/**
 * WeChat template messages and app pushes leave through their drivers; the `log` driver (the
 * default, for trials) appends them to the data folder's outbox, as the SMS log driver does.
 */
async function toOutbox(context: AppContext, channel: 'wechat' | 'push', name: string, title: string, text: string): Promise<void> {
  const file = path.join(path.dirname(context.config.uploadDir), `${channel}-outbox.log`);
  await appendFile(file, `${new Date().toISOString()}\t${name}\t${title}\t${text.replace(/\s+/g, ' ')}\n`, { mode: 0o600 });
}

/** Delivers one recipient row; answers its new state and why it failed. */
async function deliverOne(context: AppContext, reads: Work, message: RowOf<typeof messages>, row: RowOf<typeof messageRecipients>): Promise<{ status: string; errMsg: string | null }> {
  const text = `${message.title}：${message.content}`;
  if (row.channel === '1') return { status: '1', errMsg: null };
  if (row.channel === '3') {
    if (!row.mobile) return { status: '2', errMsg: '无手机号' };
    const sent = await sendText(context, reads.tenantId, { mobile: row.mobile, text, scene: message.scene, templateCode: message.templateCode, by: message.sentBy });
    return sent.ok ? { status: '1', errMsg: null } : { status: '2', errMsg: sent.error };
  }
  if (row.channel === '2') {
    // Bound or unbound since the message was written: asked at the moment it goes.
    const [parent] = row.parentId ? await reads.rows(parents, eq(parents.id, row.parentId), { deleted: true, limit: 1 }) : [];
    if (!parent?.wxBound) return { status: '2', errMsg: '未绑定微信' };
  }
  try {
    await toOutbox(context, row.channel === '2' ? 'wechat' : 'push', row.name, message.title, message.content);
    return { status: '1', errMsg: null };
  } catch {
    return { status: '2', errMsg: '推送服务不可用' };
  }
}

/** Re-counts a message from its recipients and names its state (a withdrawn one stays withdrawn). */
async function recount(work: Work, messageId: string): Promise<void> {
  const mine = sql`r.message_id = ${messageId}`;
  await work.tx
    .update(messages)
    .set({
      sent: sql`(select count(*) from msg_recipient r where ${mine} and r.status in ('1', '3'))::int`,
      failed: sql`(select count(*) from msg_recipient r where ${mine} and r.status = '2')::int`,
      readCount: sql`(select count(*) from msg_recipient r where ${mine} and r.status = '3')::int`,
      status: sql`case when ${messages.status} = '5' then '5'
        when (select count(*) from msg_recipient r where ${mine} and r.status = '2') = 0 then '2'
        when (select count(*) from msg_recipient r where ${mine} and r.status in ('1', '3')) = 0 then '4'
        else '3' end`,
    })
    .where(and(work.school(messages, { deleted: true }), eq(messages.id, messageId)));
}

/** Who delivers a school's messages: the system (the sender is kept on the message). */
const systemOf = (tenantId: number): Worker => ({ tenantId, username: 'system' });

/**
 * Sends what waits (待发送) of one message, one recipient at a time, outside the transaction that
 * wrote them; each answer is kept as it comes, so a crash half way leaves the rest 待发送 for 重发.
 */
export async function deliverPending(context: AppContext, tenantId: number, messageId: string): Promise<{ sent: number; failed: number }> {
  const reads = schoolReads(context.db, systemOf(tenantId));
  const [message] = await reads.rows(messages, eq(messages.id, messageId), { deleted: true, limit: 1 });
  if (!message) return { sent: 0, failed: 0 };
  const waiting = await reads.rows(messageRecipients, and(eq(messageRecipients.messageId, messageId), eq(messageRecipients.status, '0')));
  let sent = 0;
  let failed = 0;
  for (const row of waiting) {
    const answer = await deliverOne(context, reads, message, row);
    if (answer.status === '1') sent += 1;
    else failed += 1;
    await inSchool(context.db, systemOf(tenantId), (work) =>
      work.tx
        .update(messageRecipients)
        .set({ ...answer, sentAt: new Date() })
        .where(and(work.school(messageRecipients), eq(messageRecipients.id, row.id), eq(messageRecipients.status, '0'))),
    );
  }
  await inSchool(context.db, systemOf(tenantId), (work) => recount(work, messageId));
  return { sent, failed };
}

/** 消息发送 job: each school's messages whose planned time has come are written out and sent, each in the school's own unit of work. */
export async function dispatchDueMessages(context: AppContext): Promise<string> {
  const schools = unscoped(context.db, 'messages: the job sends every school’s messages whose time has come');
  let count = 0;
  let people = 0;
  for (const { id: tenantId } of await schools.select({ id: tenants.id }).from(tenants)) {
    const due = await schoolReads(context.db, systemOf(tenantId)).rows(messages, and(eq(messages.status, '1'), lte(messages.planAt, new Date())));
    count += due.length;
    for (const { id } of due) {
      const claimed = await inSchool(context.db, systemOf(tenantId), async (work) => {
        // Claimed under its lock: a second server's run finds it sent already.
        const [row] = await work.lock(messages, id);
        if (row?.status !== '1') return false;
        const total = await writeRecipients(work, id, row, row.sentBy);
        await work.tx
          .update(messages)
          .set({ status: '2', total, sentAt: new Date() })
          .where(and(work.school(messages), eq(messages.id, id)));
        people += total;
        return true;
      });
      if (claimed) await deliverPending(context, tenantId, id);
    }
  }
  return `发送 ${count} 条定时消息，${people} 人次`;
}

/** A business event's message (a leave decided, a bill due): its template's words to the named values. */
export interface TemplateEvent {
  /** The template's code in 消息模板 (LEAVE_RESULT …). */
  code: string;
  values: Readonly<Record<string, string | number | null | undefined>>;
  /** The member it is about; their parents (or they themselves) receive it. */
  memberId: string;
  audience?: '1' | '2';
  by?: string | null;
}

/** The school's template of the code, when it is running. */
async function runningTemplate(work: Work, code: string) {
  const [template] = await work.rows(messageTemplates, and(eq(messageTemplates.code, code), eq(messageTemplates.status, '1')));
  return template;
}

/** A template's words for someone who is not a member (a car's owner): null when the school has it stopped or a value is missing. */
export async function templateText(work: Work, code: string, values: TemplateEvent['values']): Promise<{ text: string; signName: string | null } | null> {
  const template = await runningTemplate(work, code);
  if (!template) return null;
  const { text, missing } = renderTemplate(template.content, values);
  return missing.length ? null : { text, signName: template.signName };
}

/**
 * The outbox effect that delivers a business event's message (a leave's decision, a bill's
 * reminder): its outcome is seen on the message's recipients, and never replaces the answer of the
 * action that wrote it.
 */
export const deliverMessage = (messageId: string): Intent => ({ kind: 'message.deliver', payload: { messageId, event: true } });

/**
 * Writes a business event's message through its template, in the caller's unit of work, and
 * answers the effect that delivers it after the commit (the caller queues it: a flow effect's
 * `later`, or `work.later`). No template with the code, or a stopped one, sends nothing (the
 * school has chosen not to be told); a template missing a value sends nothing either.
 */
export async function messageFromTemplate(work: Work, event: TemplateEvent): Promise<Intent | null> {
  const template = await runningTemplate(work, event.code);
  if (!template) return null;
  const { text, missing } = renderTemplate(template.content, event.values);
  if (missing.length) return null;
  const id = newId();
  const by = event.by ?? null;
  const target = { audience: event.audience ?? '2', scope: '1', memberId: event.memberId, channels: template.channel };
  const [message] = await work.insert(messages, {
    id,
    billNo: await nextBillNo(work.tx, work.tenantId, 'XX'),
    title: template.name,
    content: text,
    scene: template.scene,
    channels: template.channel,
    audience: target.audience,
    scope: '1',
    memberId: event.memberId,
    status: '2',
    sentAt: new Date(),
    sentBy: by,
    templateCode: template.code,
  });
  let total = await writeRecipients(work, id, target, by);
  // A member without parents to tell (a teacher) is told themselves.
  const audience = !total && target.audience === '2' ? '1' : message!.audience;
  if (audience !== message!.audience) total = await writeRecipients(work, id, { ...target, audience }, by);
  await work.update(messages, { total, audience }, eq(messages.id, id));
  return deliverMessage(id);
}

/** Withdraws a message: what has not gone never goes, the console copies are taken back. */
export async function withdrawRecipients(work: Work, messageId: string): Promise<number> {
  const taken = await work.tx
    .update(messageRecipients)
    .set({ status: '4' })
    .where(
      and(
        work.school(messageRecipients),
        eq(messageRecipients.messageId, messageId),
        inArray(messageRecipients.status, ['0', '1', '3']),
        sql`(${messageRecipients.status} = '0' or ${messageRecipients.channel} = '1')`,
      ),
    )
    .returning({ id: messageRecipients.id });
  return taken.length;
}
