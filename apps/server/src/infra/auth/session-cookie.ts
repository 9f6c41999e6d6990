import { createHmac, timingSafeEqual } from 'node:crypto';

/** better-auth's `cookiePrefix`: its cookies are named `daybook.<name>`. */
export const COOKIE_PREFIX = 'daybook';

/**
 * The one place that decides how the session cookie is written and read: `Secure`, and named with the
 * `__Secure-` prefix browsers enforce, exactly when APP_URL is https. better-auth is configured from this
 * (`useSecureCookies`), and `readSessionToken` reads the name it returns, so the two cannot disagree.
 */
export function sessionCookie(config: { isHttps: boolean }): { name: string; secure: boolean } {
  return {
    name: `${config.isHttps ? '__Secure-' : ''}${COOKIE_PREFIX}.session_token`,
    secure: config.isHttps,
  };
}

/**
 * The session token from better-auth's signed cookie (`token.base64(HMAC-SHA256(secret, token))`, URL-encoded),
 * or null when it is missing or its signature does not match. `name` is `sessionCookie(config).name`.
 */
export function readSessionToken(cookieHeader: string | null, secret: string, name: string): string | null {
  if (!cookieHeader) return null;
  const pair = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  if (!pair) return null;
  let value: string;
  try {
    value = decodeURIComponent(pair.slice(name.length + 1));
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}
