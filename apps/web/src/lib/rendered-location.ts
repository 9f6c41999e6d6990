/*
 * React Router commits a new location in a transition, a moment after `navigate()` resolves.
 * Code that must act only once the old page is gone (e.g. forgetting the user after signing out,
 * which would otherwise make the old page's guard redirect to /login) waits for the app shell
 * to report that it has rendered the new address.
 */
type Listener = (pathname: string) => void;
const listeners = new Set<Listener>();

/** Called by the app shell after each location it has rendered. */
export function reportRenderedPath(pathname: string): void {
  for (const listener of [...listeners]) listener(pathname);
}

/** Resolves once `pathname` has been rendered, or after `timeoutMs` whatever happened. */
export function waitForRenderedPath(pathname: string, timeoutMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      listeners.delete(listener);
      resolve();
    };
    const listener: Listener = (rendered) => {
      if (rendered === pathname) done();
    };
    const timer = setTimeout(done, timeoutMs);
    listeners.add(listener);
  });
}
