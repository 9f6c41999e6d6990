import { createHmac, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'daybook.session_token';

/**
 * The session token from better-auth's signed cookie (`token.base64(HMAC-SHA256(secret, token))`, URL-encoded),
 * or null when it is missing or its signature does not match.
 */
export function readSessionToken(
  cookieHeader: string | null,
  secret: string,
  name = SESSION_COOKIE,
): string | null {
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
