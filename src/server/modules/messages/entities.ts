import { message } from '@shared/entities/messages/message';
import { messageRecipient } from '@shared/entities/messages/recipient';
import { noticeReceipt } from '@shared/entities/messages/noticeReceipt';
import { schoolNotice } from '@shared/entities/messages/schoolNotice';
import { smsLog } from '@shared/entities/messages/smsLog';
import { messageTemplate } from '@shared/entities/messages/template';
import { messageRecipients, messages, messageTemplates, noticeReceipts, schoolNotices, smsLogs } from '../../db/schema';
import type { EntityRegistration } from '../entities';
import { MESSAGE_HOOKS } from './messages';
import { SCHOOL_NOTICE_HOOKS } from './notices';
import { SMS_LOG_HOOKS } from './smsLogs';
import { TEMPLATE_HOOKS } from './templates';

/** 消息中心's declarations: templates, messages with their recipients, the text-message log, school notices with their receipts. */
export const MESSAGE_ENTITIES: readonly EntityRegistration[] = [
  [messageTemplate, messageTemplates, TEMPLATE_HOOKS],
  [message, messages, MESSAGE_HOOKS],
  [messageRecipient, messageRecipients],
  [smsLog, smsLogs, SMS_LOG_HOOKS],
  [schoolNotice, schoolNotices, SCHOOL_NOTICE_HOOKS],
  [noticeReceipt, noticeReceipts],
];
