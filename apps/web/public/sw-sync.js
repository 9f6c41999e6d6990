// Imported by the Workbox service worker (vite.config.ts, importScripts). Background Sync for entries written
// offline (ADR 041): when the browser says the network is back, an open Daybook window is asked to send its
// queue (it has the toasts and refreshes the list); with none open, the worker sends the signed-in user's
// queued entries itself. They are encrypted already, and each carries its idempotency key, so a window and
// the worker sending the same entry create it once. Keep the names in step with src/lib/offline/idb.ts.
/* global self, indexedDB */
const SYNC_TAG = 'daybook-entries';
const DB_NAME = 'daybook';
const QUEUE = 'entry-queue';

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function openQueue() {
  const open = indexedDB.open(DB_NAME);
  // The page creates the database; if it does not exist yet there is nothing to send.
  open.onupgradeneeded = () => open.transaction.abort();
  const db = await request(open);
  // A page upgrading the database (a new store, ADR 084) waits for every open connection: let go of ours.
  db.onversionchange = () => db.close();
  return db;
}

async function sendQueued() {
  const session = await fetch('/api/auth/session', { credentials: 'same-origin' });
  if (!session.ok) throw new Error(`session check answered ${session.status}`);
  const userId = (await session.json())?.user?.id;
  if (!userId) return;
  const db = await openQueue().catch(() => null);
  if (!db?.objectStoreNames.contains(QUEUE)) return;
  const rows = await request(db.transaction(QUEUE).objectStore(QUEUE).index('userId').getAll(userId));
  rows.sort((a, b) => String(a.writtenAt).localeCompare(String(b.writtenAt)));
  for (const entry of rows) {
    if (entry.status !== 'waiting') continue;
    const response = await fetch('/api/entries', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        encryptedContent: entry.encryptedContent,
        encryptionIv: entry.encryptionIv,
        moodTag: entry.moodTag,
        // A private-mode entry (ADR 094): version 2, its mood sealed in the browser.
        ...(entry.encryptionVersion === 2
          ? { encryptionVersion: 2, moodTag: null, encryptedMood: entry.encryptedMood }
          : {}),
        clientRequestId: entry.id,
        // The zone it was written in (ADR 066); entries queued before zones were recorded have none.
        ...(entry.timeZone ? { timeZone: entry.timeZone } : {}),
      }),
    });
    const store = db.transaction(QUEUE, 'readwrite').objectStore(QUEUE);
    if (response.ok) {
      await request(store.delete(entry.id));
    } else if (response.status >= 400 && response.status < 500 && response.status !== 401) {
      const answer = await response.json().catch(() => null);
      const reason = answer?.message ?? `The server answered ${response.status}`;
      await request(store.put({ ...entry, status: 'refused', reason }));
    } else {
      // Offline again, signed out or a server fault: the browser tries the sync again later.
      throw new Error(`sending a queued entry answered ${response.status}`);
    }
  }
}

self.addEventListener('sync', (event) => {
  if (event.tag !== SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      if (windows.length === 0) return sendQueued();
      for (const client of windows) client.postMessage({ type: 'daybook:sync-entries' });
    }),
  );
});
