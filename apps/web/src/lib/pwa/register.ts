import { SYNC_ENTRIES_EVENT } from '../offline/sync-event.ts';

/** Workbox's generated worker waits until told this (registerType 'prompt' in vite.config.ts). */
const SKIP_WAITING = { type: 'SKIP_WAITING' };

/** How long after the page's load event a first install waits (then for an idle moment): see whenPageSettled. */
const REGISTER_AFTER_LOAD_MS = 5_000;

/**
 * A few seconds after the page's load event, at the browser's next idle moment. A first install fetches every
 * precached file (about 1 MB) and runs the worker's script: begun while the app was still drawing its first
 * screen and fetching and decrypting its entries, it slowed that work on a phone (Lighthouse on the dashboard:
 * total blocking time 0.3 s → 1 s at load, 0.3–0.6 s at the first idle moment after it). A page whose scripts
 * arrive after its load event (a first screen the server drew, ADR 051) counts from its own start.
 */
function whenPageSettled(run: () => void) {
  const later = () =>
    setTimeout(
      () =>
        'requestIdleCallback' in window
          ? requestIdleCallback(run, { timeout: REGISTER_AFTER_LOAD_MS })
          : run(),
      REGISTER_AFTER_LOAD_MS,
    );
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/**
 * Registers the service worker (ADR 040) once the page has settled (`whenPageSettled`); its messages are listened
 * for at once. A new version installs in the background and waits: the person is
 * offered "Reload" (`offerUpdate`), which activates it; every tab reloads once it has taken control, so no tab
 * runs the old page against the new chunks. A dozen lines of our own rather than workbox-window, which would
 * cost the shell a chunk of its own.
 */
export function registerServiceWorker(offerUpdate: (reload: () => void) => void): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  // The first install takes no control (nothing to reload for); a later one changes the controller.
  const hadController = Boolean(container.controller);
  let isReloading = false;
  container.addEventListener('controllerchange', () => {
    if (!hadController || isReloading) return;
    isReloading = true;
    window.location.reload();
  });
  container.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown } | null;
    if (data?.type === SYNC_ENTRIES_EVENT) window.dispatchEvent(new Event(SYNC_ENTRIES_EVENT));
  });

  const offer = (worker: ServiceWorker) => offerUpdate(() => worker.postMessage(SKIP_WAITING));
  whenPageSettled(() =>
    container
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        if (registration.waiting && container.controller) offer(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed' && container.controller) offer(installing);
          });
        });
      })
      .catch(() => {
        // No worker (a private window, a browser setting): the app works online as before.
      }),
  );
}
