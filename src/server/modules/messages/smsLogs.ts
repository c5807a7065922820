import type { EntityHooks } from '../../crud/registerEntity';
import { sendText } from './texts';

/** 短信通知 (declared in smsLog.ts): 重发 sends a failed text again, as a new row naming the one it repeats. */
export const SMS_LOG_HOOKS: EntityHooks = {
  actions: {
    async resend({ context, caller, row }) {
      return {
        after: async () => {
          const sent = await sendText(context, caller.tenantId, {
            mobile: String(row.mobile),
            text: String(row.content),
            scene: String(row.scene),
            templateCode: row.templateCode as string | null,
            signName: row.signName as string | null,
            by: caller.username,
            resendOf: String(row.id),
          });
          if (!sent.ok) return { 'zh-CN': `重发失败：${sent.error}`, en: `Sending again failed: ${sent.error}` };
        },
      };
    },
  },
};
