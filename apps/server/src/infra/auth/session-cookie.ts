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
  const value = sessionCookieValue(cookieHeader, name);
  return value === null ? null : verifiedSessionToken(value, secret);
}

/** The session cookie's value as sent (signed, URL-decoded), or null; its signature is not checked here. */
export function sessionCookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  const prefix = `${name}=`;
  // The cookie's start: at the header's start or after a `;` and optional spaces (no split of the whole header).
  let at = cookieHeader.startsWith(prefix) ? 0 : -1;
  for (let from = 0; at === -1; ) {
    const found = cookieHeader.indexOf(prefix, from);
    if (found === -1) return null;
    let before = found - 1;
    while (before >= 0 && cookieHeader[before] === ' ') before -= 1;
    if (before < 0 || cookieHeader[before] === ';') at = found;
    from = found + 1;
  }
  const end = cookieHeader.indexOf(';', at);
  const raw = cookieHeader.slice(at + prefix.length, end === -1 ? undefined : end).trim();
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The token of a signed cookie value, or null when its signature does not match. */
export function verifiedSessionToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}
