import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while a component is rendered to HTML at build time and while the browser hydrates that HTML; true once
 * the browser's React has taken the component over, and from the first render wherever the component is simply
 * rendered in the browser (the app). For what must wait for the page's script (ADR 049), such as a submit that
 * would otherwise be the browser's own.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
