import { createContext, createElement, type ReactNode, useContext } from 'react';

/** True only while the build prerenders a page to HTML (app/landing, ADR 045). */
export const IslandMarkersContext = createContext(false);

/** The element that marks an island: a custom element is valid inside a paragraph as well as a section. */
export const ISLAND_TAG = 'daybook-island';

/**
 * A part of a prerendered page that needs JavaScript (a menu, a toggle, prices from the API). In the app it is
 * its children, nothing more; in a prerendered document it is wrapped in an element named `name` that takes
 * no room (`display: contents`), where the page's small entry renders the same part live (ADR 045).
 */
export function Island({ name, children }: { name: string; children: ReactNode }) {
  const isPrerendering = useContext(IslandMarkersContext);
  if (!isPrerendering) return children;
  return createElement(ISLAND_TAG, { 'data-island': name, className: 'contents' }, children);
}
