import { api, type CreateEntryInput } from '@daybook/shared';
import { z } from 'zod';
import { ApiRequestError, callApi } from '../api-client.ts';
import { browserTimeZone } from '../time-zone.ts';
import { QUEUE, withStore } from './idb.ts';

/**
 * Entries written without a network (ADR 041): encrypted in the browser like any entry, kept in IndexedDB
 * and sent later with their id as the idempotency key, so that a retry (a flaky network, two tabs, the
 * service worker's Background Sync) never creates one twice. The server holds them to its rules when they
 * arrive; one it refuses stays here with the reason until the person copies or discards it.
 */
export const QueuedEntry = z.object({
  /** Also the idempotency key sent as `clientRequestId`. */
  id: z.uuid(),
  userId: z.string(),
  encryptedContent: z.string(),
  encryptionIv: z.string(),
  moodTag: z.string().nullable(),
  /** A private-mode entry (ADR 094): version 2, its mood sealed here and `moodTag` null. */
  encryptionVersion: z.literal(2).optional(),
  encryptedMood: z.string().optional(),
  /** When it was written, on this device's clock: shown while it waits; the server dates it on arrival. */
  writtenAt: z.string(),
  /**
   * The zone it was written in, sent with it (ADR 066): the server tells its day and time in it. Absent on
   * entries queued before zones were recorded, which take the account's zone.
   */
  timeZone: z.string().optional(),
  status: z.enum(['waiting', 'refused']),
  /** The server's message when it refused the entry. */
  reason: z.string().nullable(),
});
export type QueuedEntry = z.infer<typeof QueuedEntry>;

/** The service worker's Background Sync tag (public/sw-sync.js). */
export const SYNC_TAG = 'daybook-entries';

export type NewQueuedEntry = Pick<
  QueuedEntry,
  'userId' | 'encryptedContent' | 'encryptionIv' | 'moodTag' | 'encryptionVersion' | 'encryptedMood'
>;

export async function enqueueEntry(
  entry: NewQueuedEntry,
  now = new Date(),
  zone = browserTimeZone(),
): Promise<QueuedEntry> {
  const queued: QueuedEntry = {
    ...entry,
    id: crypto.randomUUID(),
    writtenAt: now.toISOString(),
    ...(zone ? { timeZone: zone } : {}),
    status: 'waiting',
    reason: null,
  };
  await withStore(QUEUE, 'readwrite', (store) => store.put(queued));
  return queued;
}

/** This user's queued entries, oldest first (the order they are sent in). */
export async function listQueued(userId: string): Promise<QueuedEntry[]> {
  const rows = await withStore<unknown[]>(QUEUE, 'readonly', (store) =>
    store.index('userId').getAll(IDBKeyRange.only(userId)),
  );
  return z
    .array(QueuedEntry)
    .catch([])
    .parse(rows ?? [])
    .sort((a, b) => a.writtenAt.localeCompare(b.writtenAt));
}

/** Discards one of this user's queued entries (a refused one the person let go). */
export async function discardQueued(userId: string, id: string): Promise<void> {
  const rows = await listQueued(userId);
  if (!rows.some((row) => row.id === id)) return;
  await withStore(QUEUE, 'readwrite', (store) => store.delete(id));
}

async function markRefused(entry: QueuedEntry, reason: string): Promise<void> {
  await withStore(QUEUE, 'readwrite', (store) => store.put({ ...entry, status: 'refused', reason }));
}

async function removeSent(id: string): Promise<void> {
  await withStore(QUEUE, 'readwrite', (store) => store.delete(id));
}

export function toCreateInput(entry: QueuedEntry): CreateEntryInput {
  return {
    encryptedContent: entry.encryptedContent,
    encryptionIv: entry.encryptionIv,
    moodTag: entry.moodTag,
    ...(entry.encryptionVersion === 2
      ? { encryptionVersion: entry.encryptionVersion, moodTag: null, encryptedMood: entry.encryptedMood }
      : {}),
    clientRequestId: entry.id,
    ...(entry.timeZone ? { timeZone: entry.timeZone } : {}),
  };
}

const sendEntry = (input: CreateEntryInput) => callApi(api.entries.create, { body: input });

export type FlushResult = { sent: number; refused: number; isStopped: boolean };

/** An answer about this entry (its text, a limit): final, unlike a lost network, a 401 or a server fault. */
const isRefusal = (error: unknown) =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.status !== 401;

let flushing: Promise<FlushResult> | null = null;

/**
 * Sends this user's waiting entries, oldest first. Stops at the first failure that is not about the entry
 * (offline, signed out, a server fault), leaving it and the rest for the next try. One flush at a time per tab;
 * other tabs and the service worker may send the same entry meanwhile, which the idempotency key absorbs.
 */
export function flushQueue(userId: string, send = sendEntry): Promise<FlushResult> {
  flushing ??= (async () => {
    const result: FlushResult = { sent: 0, refused: 0, isStopped: false };
    for (const entry of await listQueued(userId)) {
      if (entry.status !== 'waiting') continue;
      try {
        await send(toCreateInput(entry));
        await removeSent(entry.id);
        result.sent++;
      } catch (error) {
        if (!isRefusal(error)) {
          result.isStopped = true;
          break;
        }
        await markRefused(entry, error instanceof Error ? error.message : String(error));
        result.refused++;
      }
    }
    return result;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Asks the service worker to send the queue when the network is back, where Background Sync exists. */
export async function requestBackgroundSync(): Promise<boolean> {
  try {
    if (!('serviceWorker' in navigator)) return false;
    const registration = (await navigator.serviceWorker.getRegistration()) as
      | (ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } })
      | undefined;
    if (!registration?.sync) return false;
    await registration.sync.register(SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
