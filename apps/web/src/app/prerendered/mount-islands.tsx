import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ISLAND_TAG, islandIdentifierPrefix } from '../../components/ui/island.tsx';

/** How a prerendered page's entry brings one island to life, given its element and its name. */
export type IslandMount = (element: HTMLElement, name: string) => void;

/*
 * Islands come to life in a transition (ADR 049): React then renders and hydrates in slices of a few
 * milliseconds, yielding to the browser in between, rather than in one long task that would hold up a visitor's
 * first tap or keystroke (and count as blocking time). The page is already drawn, so nothing waits on them.
 */

/**
 * Renders the island live in its own root, replacing its prerendered markup: for parts whose first render
 * depends on this browser (the theme, cached prices), which the build could not know (ADR 045).
 */
export const renderIsland =
  (island: ReactNode): IslandMount =>
  (element) => {
    const root = createRoot(element);
    startTransition(() => root.render(<StrictMode>{island}</StrictMode>));
  };

/**
 * Hydrates the island over its prerendered markup, which it keeps (ADR 049): what the visitor sees stays drawn
 * (no second paint for Chrome to count as a later LCP) and what they typed before the script ran stays typed.
 * The island must render exactly what the build rendered (`<Island hydrated>`), with the same identifier prefix.
 */
export const hydrateIsland =
  (island: ReactNode): IslandMount =>
  (element, name) =>
    startTransition(() => {
      hydrateRoot(element, <StrictMode>{island}</StrictMode>, {
        identifierPrefix: islandIdentifierPrefix(name),
      });
    });

/** Brings each island of the page to life; an island the page's entry does not know is a build mistake. */
export function mountIslands(mounts: Readonly<Record<string, IslandMount>>, page: string): void {
  for (const element of document.querySelectorAll<HTMLElement>(ISLAND_TAG)) {
    const name = element.dataset.island ?? '';
    const mount = mounts[name];
    if (!mount) throw new Error(`${page} has an unknown island: ${name}`);
    mount(element, name);
  }
}
