import { appendFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../http/envelope';

/** How text messages leave the server (SMS_DRIVER): written to the log, or posted to a provider. */
export type SmsConfig = { driver: 'log'; outbox?: string } | { driver: 'http'; url: string; token: string | undefined };

export interface SmsSender {
  /** Sends one message; a provider's refusal or silence is a 502 the caller shows. */
  send(mobile: string, text: string): Promise<void>;
}

const PROVIDER_TIMEOUT_MS = 5000;

/**
 * The `log` driver is for development and trials: the message goes to the data folder's
 * `sms-outbox.log` (the server log gets it with its code masked), and to no phone. The `http` driver posts `{ mobile, text }` as JSON to the provider's
 * gateway with a bearer token; anything but a 2xx within five seconds counts as not sent.
 */
export function createSmsSender(config: SmsConfig, log: FastifyBaseLogger): SmsSender {
  if (config.driver === 'log')
    return {
      async send(mobile, text) {
        // The code itself never goes to the server log: the outbox (mode 0600) holds it.
        log.info({ sms: { mobile, text: text.replace(/\d{4,8}/g, '******') } }, `SMS (log driver: not sent to any phone${config.outbox ? `; the text is in ${config.outbox}` : ''})`);
        // And to the data folder's outbox, where a developer or a browser test reads the code.
        if (config.outbox) await appendFile(config.outbox, `${new Date().toISOString()}\t${mobile}\t${text}\n`, { mode: 0o600 });
      },
    };
  return {
    async send(mobile, text) {
      let answer: Response;
      try {
        answer = await fetch(config.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(config.token ? { authorization: `Bearer ${config.token}` } : {}) },
          body: JSON.stringify({ mobile, text }),
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
      } catch (error) {
        log.warn({ err: error }, 'SMS provider unreachable');
        throw new ApiError(502, '短信发送失败，请稍后重试');
      }
      if (!answer.ok) {
        log.warn({ status: answer.status }, 'SMS provider refused the message');
        throw new ApiError(502, '短信发送失败，请稍后重试');
      }
    },
  };
}
