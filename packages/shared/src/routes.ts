/** The pages open to visitors (a signed-in person sees them too). */
export const VISITOR_ROUTE_PATHS = [
  '/',
  '/pricing',
  '/about',
  '/features',
  '/terms',
  '/privacy',
  '/cookies',
  '/contact',
  '/help-contact',
  '/contact-thank-you',
  '/login',
  '/register',
  '/reset-password',
  '/share/:token',
  '/reminders/unsubscribe',
] as const;

/**
 * The pages only a signed-in person sees (the web router's `RequireAuth` children; a unit test there keeps the
 * two equal). The web build bundles the code of the signed-in first screen apart from what visitors' pages
 * load (vite.config.ts, ADR 050).
 */
export const SIGNED_IN_ROUTE_PATHS = [
  '/dashboard',
  '/new-entry',
  '/edit-entry/:id',
  /** Where a link between imported entries leads (ADR 088): `/entry/dayone/<uuid>`. */
  '/entry/:source/:ref',
  '/past-entries',
  '/search',
  '/profile',
  /** Private mode's set-up, where choosing it on the register page leads after the first sign-in (ADR 095). */
  '/private-mode/set-up',
  '/me-ahead',
  '/analytics',
  '/export',
  '/data-export',
  '/notifications',
  '/shared',
  '/ai-features',
  '/coach',
  '/admin',
  '/checkout/:sessionId',
] as const;

/**
 * Every page path of the web app, in React Router's pattern syntax (`:param` is one segment). The web's router
 * (apps/web/src/app/router.tsx) registers exactly these (a unit test there keeps the two equal), and the server
 * answers 200 with the app for them and 404 with the app's "Page not found" for any other page path.
 */
export const APP_ROUTE_PATHS = [...VISITOR_ROUTE_PATHS, ...SIGNED_IN_ROUTE_PATHS] as const;

/**
 * Billing pages (ADR 026). The local test checkout page (`/checkout/:sessionId`) must be registered in the web's
 * router and APP_ROUTE_PATHS by the web half; the server links to it only when the local provider is in use.
 * The success and cancel returns are the dashboard's (`/dashboard?success=true`, `/dashboard`).
 */
export const BILLING_PAGES = {
  localCheckout: '/checkout/:sessionId',
  success: '/dashboard?success=true',
  cancel: '/dashboard',
  subscription: '/profile#subscription',
} as const;

/** The local test checkout page of one session. */
export const localCheckoutPath = (sessionId: string) => `/checkout/${encodeURIComponent(sessionId)}`;

/**
 * Added by the server to where a confirmation link that signed its browser in lands (`/dashboard?confirmed=1`):
 * the dashboard then goes on to checkout after 0.5 s when Premium was chosen and the plan is Free (docs/product/plans-billing.md#plans-checkout
 * "Registration outcomes"), and drops the parameter.
 */
export const EMAIL_CONFIRMED_PARAM = 'confirmed';

/**
 * Where a confirmation link opened in another browser lands: confirmed, not signed in (ADR 014), on the login
 * form with "Email confirmed" and the address filled in, so that only the password is asked for (ADR 057).
 */
export const confirmedLoginPath = (email: string | null) =>
  `/login?${new URLSearchParams({ verified: '1', ...(email ? { email } : {}) }).toString()}`;

/**
 * Pages that exist only where the server's test tools are on (docs/product/plans-billing.md#plans-test-tools: "registered only in a non-production or
 * test environment"; TEST_TOOLS, refused in production): the server answers them 200 only then, and marks its
 * app document with TEST_TOOLS_META so that the web router registers them. Elsewhere, production always, they
 * are no page at all: 404 and the app's "Page not found" (ADR 057).
 */
export const TEST_TOOL_ROUTE_PATHS = ['/test-accounts'] as const;

/** `<meta name="daybook-test-tools" content="on">`, in the app document of a server with test tools on. */
export const TEST_TOOLS_META = { name: 'daybook-test-tools', content: 'on' } as const;

/** The page paths of a server with or without test tools. */
export const pageRoutePaths = (hasTestTools: boolean): readonly string[] =>
  hasTestTools ? [...APP_ROUTE_PATHS, ...TEST_TOOL_ROUTE_PATHS] : APP_ROUTE_PATHS;

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Whether `pathname` is a page of `pattern`, as React Router matches: case-insensitive, a trailing slash
 * allowed, `:param` standing for one non-empty segment.
 */
export function matchesRoutePath(pattern: string, pathname: string): boolean {
  if (!pathname.startsWith('/')) return false;
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.replace(/\/+$/, '').split('/').slice(1);
  if (given.length !== wanted.length) return false;
  return wanted.every((part, index) => {
    const segment = decodeSegment(given[index] ?? '');
    if (!segment) return false;
    return part.startsWith(':') || part.toLowerCase() === segment.toLowerCase();
  });
}

/** Whether `pathname` (no query string) is a page of the web app. */
export function isAppRoutePath(pathname: string, patterns: readonly string[] = APP_ROUTE_PATHS): boolean {
  return patterns.some((pattern) => matchesRoutePath(pattern, pathname));
}
