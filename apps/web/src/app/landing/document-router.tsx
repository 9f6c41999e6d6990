import type { ReactNode } from 'react';
import { createPath, type Navigator, Router, type To } from 'react-router';

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * Links on the prerendered landing page lead to the app by loading it, as a plain link would: the page
 * carries no client router (ADR 045). A link to a section of this page (`/#pricing`) only moves the view.
 */
const documentNavigator: Navigator = {
  createHref: href,
  go: (delta) => window.history.go(delta),
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
};

/** Gives the landing page's islands what `<Link>` needs, at the address the page is at. */
export function DocumentRouter({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = window.location;
  return (
    <Router location={{ pathname, search, hash }} navigator={documentNavigator}>
      {children}
    </Router>
  );
}
