/**
 * What a log never holds: a session token, a password, a texted code or a captcha. Matched by the
 * parameter's name, so `newPassword`, `oldpassword`, `X-Access-Token` and `smscode` are all covered.
 */
export const SECRET_NAME = /token|password|smscode|captcha|secret|signature/i;
const HIDDEN = '***';

/**
 * The path with every secret path parameter's value replaced, by the route's pattern
 * (`/msg/notice/read/:token` logs `/msg/notice/read/***`): a reading link's token is in its path.
 */
function redactPath(path: string, pattern: string | undefined): string {
  if (!pattern?.includes(':')) return path;
  const names = pattern.split('/');
  return path
    .split('/')
    .map((segment, index) => {
      const name = names[index];
      return name?.startsWith(':') && SECRET_NAME.test(name) ? HIDDEN : segment;
    })
    .join('/');
}

/**
 * The URL with every secret query parameter's value replaced (`?token=***&pageNo=1`), and every
 * secret path parameter's when the route's pattern is known.
 */
export function redactUrl(url: string, pattern?: string): string {
  const at = url.indexOf('?');
  if (at < 0) return redactPath(url, pattern);
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A bad escape: judged by its raw text.
      }
      return equals >= 0 && SECRET_NAME.test(name) ? `${rawName}=${HIDDEN}` : pair;
    })
    .join('&');
  return `${redactPath(url.slice(0, at), pattern)}?${query}`;
}

/** pino's redaction: a secret field of anything logged (a body, headers) is never written. */
export const LOG_REDACTION = {
  paths: ['req.headers["x-access-token"]', 'req.headers.cookie', '*.password', '*.token', '*.smscode', '*.captcha', '*.secret', '*.*.password', '*.*.token', '*.*.smscode', '*.*.captcha'],
  censor: HIDDEN,
};
