/**
 * Pages prerendered at build time (apps/web vite.config.ts `prerenderPages`), sent to a visitor instead of the
 * app's index.html. `serves` says whether the prerendered document is right for the address's query: a query that
 * changes what the page first draws needs the app, which reads it.
 */
export type PrerenderedPage = {
  url: string;
  file: string;
  serves: (query: URLSearchParams) => boolean;
};

/** Query parameters that leave the prerendered login page as it is: `redirect` is read only on sign-in. */
const LOGIN_PAGE_PARAMS = new Set(['redirect']);

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  // The landing page (ADR 045): no parameter changes it (utm_… and the like are for analytics).
  { url: '/', file: 'landing.html', serves: () => true },
  // The login page (ADR 049), plain or with `redirect`. `intent=premium` changes its heading, `error` and
  // `verified` add a notice above the form: those get the app. Only the parameters known to leave the page as
  // drawn are let through, so a new one that changes it cannot be served the wrong document by default.
  {
    url: '/login',
    file: 'login.html',
    serves: (query) => [...query.keys()].every((name) => LOGIN_PAGE_PARAMS.has(name)),
  },
];

/** The query of a request's URL (`/login?redirect=%2Fprofile` → `redirect=/profile`). */
export function queryOf(url: string): URLSearchParams {
  const start = url.indexOf('?');
  return new URLSearchParams(start === -1 ? '' : url.slice(start + 1));
}
