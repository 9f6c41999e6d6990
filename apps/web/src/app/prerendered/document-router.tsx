import type { ReactNode } from 'react';
import { createPath, type Navigator, Router, type To } from 'react-router';

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * Links and navigations on a prerendered page (`/`, `/login`) lead to the app by loading it, as a plain link
 * would: the page carries no client router (ADR 045, 049). A link to a section of this page (`/#pricing`) only
 * moves the view; the login form's way on after signing in is a page load too, so the app starts signed in.
 */
const documentNavigator: Navigator = {
  createHref: href,
  go: (delta) => window.history.go(delta),
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
};

/**
 * Gives a prerendered page's islands what `<Link>`, `useNavigate` and `useSearchParams` need, at the address the
 * page is at (`/login?redirect=…` included).
 */
export function DocumentRouter({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = window.location;
  return (
    <Router location={{ pathname, search, hash }} navigator={documentNavigator}>
      {children}
    </Router>
  );
}
