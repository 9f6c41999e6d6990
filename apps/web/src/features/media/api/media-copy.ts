import type { EntryKey } from '@daybook/shared';
import type { QueryClient } from '@tanstack/react-query';
import { entryKeyQueryKey, loadEntryKey } from '../../../lib/encryption/entry-key.ts';
import { readOfflineUser } from '../../../lib/session/offline-user.ts';

/**
 * The media kept for reading offline (ADR 093), as the media feature uses them: a file the person opened online
 * is kept in the background, after it is shown; offline, a file whose link cannot be asked for is read from what
 * was kept. The store's code and the database load only when first needed, like the entry copy's (ADR 084).
 */
const loadCopy = () => import('../../../lib/offline/media-copy.ts');

/**
 * The entry a link's path belongs to, for the signed-in person's own entries' routes only
 * (`/api/entries/:id/media-url`, `/thumbnail-url`, `/attachments/:id/…`): a file shown from any other route
 * (someone else's shared entry) is never kept.
 */
export function keptEntryId(path: string): string | null {
  const match =
    /^\/api\/entries\/([^/?#]+)\/(?:media-url|thumbnail-url|attachments\/[^/?#]+\/(?:media-url|thumbnail-url))$/.exec(
      path,
    );
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * The user's entry key: the page's, or the tab's (sessionStorage, ADR 041). Not through a query: offline, a query
 * that has not run waits for the network, and the key needs none.
 */
const entryKeyOf = (client: QueryClient, userId: string) =>
  client.getQueryData<EntryKey>(entryKeyQueryKey(userId)) ?? loadEntryKey(userId);

/** The tab's signed-in user (sessionStorage, removed at sign-out at once), as the entry copy checks it. */
const signedInUserId = () => readOfflineUser()?.id ?? null;

/**
 * Downloads a file by its signed link (the browser's cache has it, the page having just shown it), with what the
 * server said of it and the type it was served as. A file larger than a kept one may be is not downloaded when
 * the answer says its length.
 */
async function download(
  { url, sealedUrl, ...said }: OpenedLink['answer'],
  maxBytes: number,
): Promise<{ meta: Record<string, unknown>; bytes: Uint8Array<ArrayBuffer> } | null> {
  // A file under the account key (ADR 096) is kept as stored, sealed under the person's own key: never the
  // plaintext its object URL shows.
  const response = await fetch(typeof sealedUrl === 'string' ? sealedUrl : url, {
    credentials: 'same-origin',
  });
  if (!response.ok) return null;
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { meta: { ...said, contentType: response.headers.get('content-type') ?? '' }, bytes };
}

/** A link as its route answers it (`SignedMediaUrl`, `SignedThumbnailUrl`): kept with the file, less its URL. */
export type OpenedLink = { path: string; answer: { url: string } & Record<string, unknown> };

/** Runs when the browser has nothing better to do (within 10 s), so that keeping never slows what is shown. */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 10_000 });
  else setTimeout(work, 200);
}

/**
 * Keeps the files of an attachment the person has just opened (the photo loaded, the note played, the viewer
 * showed it), with its thumbnail or poster, sealed. In the background: nothing waits for it, and a browser
 * without IndexedDB (some private windows) keeps nothing.
 */
export function keepOpenedMedia(client: QueryClient, links: readonly OpenedLink[]): void {
  const userId = signedInUserId();
  if (!userId) return;
  const files = links.flatMap(({ path, answer }) => {
    const entryId = keptEntryId(path);
    return entryId ? [{ path, entryId, answer }] : [];
  });
  if (files.length === 0) return;
  whenIdle(() => {
    void (async () => {
      const copy = await loadCopy();
      const key = await entryKeyOf(client, userId);
      const isSignedIn = () => signedInUserId() === userId;
      for (const { path, entryId, answer } of files) {
        await copy.keepMedia(
          copy.entryKeyMediaCipher(key),
          userId,
          { entryId, path, download: () => download(answer, copy.MEDIA_COPY_ITEM_MAX_BYTES) },
          { isSignedIn },
        );
      }
    })().catch(() => undefined);
  });
}

/** A kept file, opened: what the server said of it (for the caller to check) and its bytes as a Blob. */
export type KeptFile = { meta: Record<string, unknown>; blob: Blob };

/** The kept file at this path for the signed-in user, or null when none was kept (or it cannot be opened). */
export async function readKeptFile(client: QueryClient, path: string): Promise<KeptFile | null> {
  const userId = signedInUserId();
  const entryId = keptEntryId(path);
  if (!userId || !entryId) return null;
  try {
    const copy = await loadCopy();
    const key = await entryKeyOf(client, userId);
    const kept = await copy.readKeptMedia(copy.entryKeyMediaCipher(key), userId, { entryId, path });
    if (!kept || typeof kept.meta !== 'object' || kept.meta === null) return null;
    const meta = kept.meta as Record<string, unknown>;
    const type = typeof meta.contentType === 'string' ? meta.contentType : '';
    return { meta, blob: new Blob([kept.bytes], { type }) };
  } catch {
    return null;
  }
}
