/** The query parameter that carries where to go back to after logging in. */
export const REDIRECT_PARAM = 'redirect';
export const DEFAULT_SIGNED_IN_PATH = '/dashboard';

const AUTH_PAGES = new Set(['/login', '/register']);

/**
 * A `redirect` value made safe to navigate to: only a path on this site (never another origin,
 * a protocol-relative `//host` or a `javascript:` URL), and never back to /login or /register.
 */
export function safeRedirectPath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  const base = window.location.origin;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base || AUTH_PAGES.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The login address for someone who asked for `location` without a session. An `error` parameter
 * (a failed e-mail verification link lands on /dashboard?error=…) is moved to the login page,
 * which explains it; the rest of the address becomes `redirect`.
 */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const search = new URLSearchParams(location.search);
  const error = search.get('error');
  search.delete('error');
  const rest = search.toString();
  const params = new URLSearchParams({
    [REDIRECT_PARAM]: `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`,
  });
  if (error) params.set('error', error);
  return `/login?${params.toString()}`;
}
