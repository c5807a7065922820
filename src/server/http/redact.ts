/**
 * What a log never holds: a session token, a password, a texted code or a captcha. Matched by the
 * parameter's name, so `newPassword`, `oldpassword`, `X-Access-Token` and `smscode` are all covered.
 */
const SECRET_NAME = /token|password|smscode|captcha|secret|signature/i;
const HIDDEN = '***';

/** The URL with every secret query parameter's value replaced (`?token=***&pageNo=1`). */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
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
  return `${url.slice(0, at)}?${query}`;
}

/** pino's redaction: a secret field of anything logged (a body, headers) is never written. */
export const LOG_REDACTION = {
  paths: ['req.headers["x-access-token"]', 'req.headers.cookie', '*.password', '*.token', '*.smscode', '*.captcha', '*.secret', '*.*.password', '*.*.token', '*.*.smscode', '*.*.captcha'],
  censor: HIDDEN,
};
