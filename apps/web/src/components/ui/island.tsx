import { createContext, createElement, type ReactNode, useContext } from 'react';

/**
 * Set only while the build prerenders a page to HTML (app/prerendered, ADR 045 and 049). `hydrated` receives
 * the content of each island that is to be hydrated: the prerender renders it on its own (see `Island`).
 */
export type IslandMarkers = { hydrated: (name: string, children: ReactNode) => void };

export const IslandMarkersContext = createContext<IslandMarkers | null>(null);

/** The element that marks an island: a custom element is valid inside a paragraph as well as a section. */
export const ISLAND_TAG = 'daybook-island';

/**
 * The `identifierPrefix` of a hydrated island's render, at build time and in the browser alike, so that the
 * `useId` values the browser computes match the ones in the HTML.
 */
export function islandIdentifierPrefix(name: string): string {
  return `${name}-`;
}

/** What a hydrated island's element holds in the page's own render, until its separate render replaces it. */
export function hydratedIslandSlot(name: string): string {
  return `<!--hydrated-island:${name}-->`;
}

/**
 * A part of a prerendered page that needs JavaScript (a menu, a toggle, prices from the API, a form). In the app
 * it is its children, nothing more; in a prerendered document it is wrapped in an element named `name` that
 * takes no room (`display: contents`), where the page's small entry renders the same part live (ADR 045).
 *
 * A `hydrated` island is hydrated over its markup rather than rendered anew (ADR 049): what the visitor sees, and
 * may already have typed, stays. Its content is rendered apart from the page, as its own root with its own
 * `identifierPrefix`, because that is how the browser renders it: its `useId` values must not depend on where
 * it sits in the page.
 */
export function Island({
  name,
  hydrated = false,
  children,
}: {
  name: string;
  hydrated?: boolean;
  children: ReactNode;
}) {
  const markers = useContext(IslandMarkersContext);
  if (!markers) return children;
  const props = { 'data-island': name, className: 'contents' };
  if (!hydrated) return createElement(ISLAND_TAG, props, children);
  markers.hydrated(name, children);
  return createElement(ISLAND_TAG, {
    ...props,
    dangerouslySetInnerHTML: { __html: hydratedIslandSlot(name) },
  });
}
