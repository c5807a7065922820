import type { EntityHooks } from '../../crud/registerEntity';
import type { smsLogs } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { textsLater } from './texts';

/** 短信通知 (declared in smsLog.ts): 重发 sends a failed text again after the commit, as a new row naming the one it repeats. */
export const SMS_LOG_HOOKS: EntityHooks<RowOf<typeof smsLogs>> = {
  actions: {
    async resend({ caller, row }) {
      return {
        later: textsLater([{ mobile: row.mobile, text: row.content, scene: row.scene, templateCode: row.templateCode, signName: row.signName, by: caller.username, resendOf: row.id }], {
          failed: 'resend',
        }),
      };
    },
  },
};
