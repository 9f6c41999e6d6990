/*
 * Daily reminders' Web Push, for the app's service worker (ADR 042). Load it from the worker with
 *   importScripts('/reminder-push-sw.js');
 * (Workbox generateSW: `importScripts: ['/reminder-push-sw.js']`). It shows a reminder push as a notification and
 * opens (or focuses) the app at the push's URL when the notification is clicked. Other pushes are left alone.
 * The payload is { type: 'daily-reminder', title, body, url } (ReminderPushPayload in packages/shared).
 */
/* global self, clients */
(() => {
  const TAG = 'daybook-daily-reminder';

  function readPayload(event) {
    try {
      const payload = event.data ? event.data.json() : null;
      return payload && payload.type === 'daily-reminder' ? payload : null;
    } catch {
      return null;
    }
  }

  self.addEventListener('push', (event) => {
    const payload = readPayload(event);
    if (!payload) return;
    event.waitUntil(
      self.registration.showNotification(payload.title, {
        body: payload.body,
        icon: '/favicon.svg',
        // One reminder a day: a new one replaces an old one still on screen.
        tag: TAG,
        data: {
          url: typeof payload.url === 'string' && payload.url.startsWith('/') ? payload.url : '/dashboard',
        },
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    if (event.notification.tag !== TAG) return;
    event.notification.close();
    const url = new URL(event.notification.data?.url ?? '/dashboard', self.location.origin).href;
    event.waitUntil(
      clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
        const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
        if (open) return open.focus().then((client) => client.navigate(url));
        return clients.openWindow(url);
      }),
    );
  });
})();
