import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { readNotice } from './notices';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const WORDS = {
  'zh-CN': { gone: '通知不存在或已撤回', confirm: '我已阅读并确认', confirmed: '已确认回执', published: '发布时间' },
  en: { gone: 'This notice does not exist or was withdrawn', confirm: 'I have read it', confirmed: 'Receipt confirmed', published: 'Published' },
} as const;

/**
 * 学校通知's reading page: the link a parent or teacher is texted. Opening it is the reading;
 * its button confirms a receipt. The token is the only key (unguessable, one per reader); the
 * page shows the notice and nothing of the school's data besides.
 */
export function messageRoutes(api: FastifyInstance, context: AppContext): void {
  const page = async (request: FastifyRequest<{ Params: { token: string }; Querystring: { confirm?: string } }>, reply: FastifyReply) => {
    const confirm = request.query.confirm === '1';
    const words = /^en\b/i.test(String(request.headers['accept-language'] ?? '')) ? WORDS.en : WORDS['zh-CN'];
    const token = request.params.token;
    const notice = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await readNotice(context, token, confirm) : null;
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'");
    if (!notice)
      return reply
        .code(404)
        .send(
          `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${words.gone}</title><p style="font:16px sans-serif;padding:24px">${words.gone}</p></html>`,
        );
    const action = notice.needReceipt
      ? notice.confirmed
        ? `<p style="color:#389e0d">✓ ${words.confirmed}</p>`
        : `<p><a href="?confirm=1" style="display:inline-block;font-size:16px;padding:8px 20px;background:#1677ff;color:#fff;border-radius:4px;text-decoration:none">${words.confirm}</a></p>`
      : '';
    // The content was sanitised when saved; the CSP forbids scripts besides.
    return reply.send(
      `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(notice.title)}</title>` +
        `<body style="font:16px/1.7 sans-serif;max-width:720px;margin:0 auto;padding:16px"><p style="color:#888">${escape(notice.school)} · ${escape(notice.name)}</p>` +
        `<h1 style="font-size:20px">${escape(notice.title)}</h1><p style="color:#888">${words.published} ${notice.publishedAt}</p><article>${notice.content}</article>${action}</body></html>`,
    );
  };
  const limited = { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } } as const;
  api.get<{ Params: { token: string }; Querystring: { confirm?: string } }>('/msg/notice/read/:token', { config: limited }, page);
}
