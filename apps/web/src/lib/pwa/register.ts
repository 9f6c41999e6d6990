import { SYNC_ENTRIES_EVENT } from '../offline/sync-event.ts';

/** Workbox's generated worker waits until told this (registerType 'prompt' in vite.config.ts). */
const SKIP_WAITING = { type: 'SKIP_WAITING' };

/**
 * Registers the service worker (ADR 040). A new version installs in the background and waits: the person is
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
    });
}
