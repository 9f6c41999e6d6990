import { openMediaInBrowser, SignedMediaUrl, SignedThumbnailUrl } from '@daybook/shared';
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { isNetworkFailure } from '../../../lib/api-client.ts';
import { isPrivateUnlocked } from '../../../lib/encryption/private-entry-key.ts';
import { privateMediaKey } from '../../../lib/encryption/private-media-key.ts';
import { readOfflineUser } from '../../../lib/session/offline-user.ts';
import { useMediaUrl } from '../api/get-media-url.ts';
import { useThumbnailUrl } from '../api/get-thumbnail-url.ts';
import { keepOpenedMedia, type OpenedLink, readKeptFile } from '../api/media-copy.ts';

/**
 * A file's link as a player or a picture uses it: the server's signed link, or, with no network, an object URL
 * of the copy kept on this device (ADR 093). Shaped like the query it wraps, so that a component reads it alike.
 */
export type MediaLink<T extends { url: string }> = {
  data: T | undefined;
  isPending: boolean;
  /** No link can be had: the server refused, or there is no network and nothing was kept. */
  isError: boolean;
  /** Shown from this device's copy: there is nothing to keep again. */
  isFromCopy: boolean;
  /** Unavailable for lack of a network, nothing having been kept: the page's one notice says so (ADR 084). */
  isOffline: boolean;
  /** Sealed under the account key (ADR 096) while this browser session holds no unlocked key: `isError` too. */
  isLocked: boolean;
};

type Kept<T> = { path: string; answer: T | null };

/**
 * The kept copies shown now, by their object URL: a copy sealed under the account key (ADR 096) is opened from its
 * Blob, since the page's policy lets no script fetch a `blob:` URL (connect-src 'self').
 */
const keptBlobs = new Map<string, Blob>();

/**
 * The query's answer, or, when it cannot be asked for lack of network (the query paused offline, or failed with
 * no network, as ADR 084 tells it), the kept copy: opened once, shown through an object URL that is revoked when
 * the component goes, the path changes or the server answers again. A file never kept is unavailable, as any
 * file the server cannot give.
 */
function useKeptFallback<T extends { url: string }>(
  query: UseQueryResult<T, unknown>,
  path: string | null,
  schema: z.ZodType<T>,
): MediaLink<T> {
  const client = useQueryClient();
  const [kept, setKept] = useState<Kept<T> | null>(null);
  const current = kept && kept.path === path ? kept : null;
  const isAnswered = query.data !== undefined;
  const hasNoNetwork =
    path !== null &&
    !isAnswered &&
    (query.fetchStatus === 'paused' || isNetworkFailure(query.error ?? query.failureReason));
  const shouldRead = hasNoNetwork && current === null;

  useEffect(() => {
    if (!shouldRead || path === null) return;
    let isCurrent = true;
    void readKeptFile(client, path).then((file) => {
      if (!isCurrent) return;
      const url = file ? URL.createObjectURL(file.blob) : null;
      if (url && file) keptBlobs.set(url, file.blob);
      const parsed = url ? schema.safeParse({ ...file?.meta, url }) : null;
      if (url && !parsed?.success) URL.revokeObjectURL(url);
      setKept({ path, answer: parsed?.success ? parsed.data : null });
    });
    return () => {
      isCurrent = false;
    };
  }, [shouldRead, path, client, schema]);

  // The object URL lives as long as it is shown.
  const keptUrl = kept?.answer?.url;
  useEffect(
    () =>
      keptUrl
        ? () => {
            keptBlobs.delete(keptUrl);
            URL.revokeObjectURL(keptUrl);
          }
        : undefined,
    [keptUrl],
  );
  // Back online, the server's link replaces the copy's.
  useEffect(() => {
    if (isAnswered) setKept(null);
  }, [isAnswered]);

  const link = {
    data: undefined,
    isPending: false,
    isError: false,
    isFromCopy: false,
    isOffline: false,
    isLocked: false,
  };
  if (query.data !== undefined) return { ...link, data: query.data };
  if (current?.answer) return { ...link, data: current.answer, isFromCopy: true };
  if (hasNoNetwork)
    return { ...link, isPending: current === null, isError: current !== null, isOffline: current !== null };
  return { ...link, isPending: query.isPending, isError: query.isError };
}

/** What a link to a file sealed under the account key opened to (an object URL), or why it did not. */
type Opened = { source: string; url: string | null; isLocked: boolean };

/**
 * A link whose file is sealed under the account key (private mode, ADR 096) opened in the browser: the stored
 * bytes are fetched (from the server's link, or the kept copy's object URL offline, which holds them as stored),
 * opened with this session's media key and shown through an object URL of the plaintext, revoked when the
 * component goes or the link changes. The link's answer keeps the stored bytes' URL as `sealedUrl`, which is what
 * the offline copy keeps: already sealed under the person's own key. Without an unlocked key it is locked. Any
 * other link passes through as it is, and so does a sealed one when `isOpening` is false (its URL then serves
 * only the stored container, never something to show).
 */
function useOpenedSealed<T extends { url: string; sealedByUser?: boolean | undefined }>(
  link: MediaLink<T>,
  type: string,
  isOpening = true,
): MediaLink<T & { sealedUrl?: string }> {
  const userId = readOfflineUser()?.id;
  const source = isOpening && link.data?.sealedByUser ? link.data.url : null;
  // Read each render: unlocking elsewhere on the page renders this again, and the file then opens.
  const isUnlocked = isPrivateUnlocked(userId);
  const [opened, setOpened] = useState<Opened | null>(null);

  useEffect(() => {
    if (!source) return;
    let isCurrent = true;
    let made: string | null = null;
    void (async () => {
      const key = isUnlocked ? await privateMediaKey(userId) : null;
      if (!key) {
        if (isCurrent) setOpened({ source, url: null, isLocked: true });
        return;
      }
      try {
        let stored = keptBlobs.get(source);
        if (!stored) {
          const response = await fetch(source, { credentials: 'same-origin' });
          if (!response.ok) throw new Error(`the file answered ${response.status}`);
          stored = await response.blob();
        }
        const plain = await openMediaInBrowser(stored, key, type);
        if (!isCurrent) return;
        made = URL.createObjectURL(plain);
        setOpened({ source, url: made, isLocked: false });
      } catch {
        if (isCurrent) setOpened({ source, url: null, isLocked: false });
      }
    })();
    return () => {
      isCurrent = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [source, userId, type, isUnlocked]);

  if (!source || !link.data) return link;
  const current = opened?.source === source ? opened : null;
  if (!current) return { ...link, data: undefined, isPending: true };
  if (!current.url) return { ...link, data: undefined, isError: true, isLocked: current.isLocked };
  return { ...link, data: { ...link.data, url: current.url, sealedUrl: source } };
}

/**
 * An attachment's link (`SignedMediaUrl`), read from this device's copy when there is no network. A file sealed
 * under the account key is downloaded whole to be opened, so a card that only needs to know of the file (a video's
 * card, which plays in the viewer) passes `openSealed: false` and gets the link as it is, `sealedByUser` set.
 */
export function useMediaLink(
  urlPath: string,
  isEnabled = true,
  { openSealed = true }: { openSealed?: boolean } = {},
): MediaLink<SignedMediaUrl> {
  const link = useKeptFallback(useMediaUrl(urlPath, isEnabled), isEnabled ? urlPath : null, SignedMediaUrl);
  return useOpenedSealed(link, link.data?.mimeType ?? '', openSealed);
}

/** A thumbnail's or poster's link (`SignedThumbnailUrl`), likewise; null: the attachment has none. */
export function useThumbnailLink(thumbnailPath: string | null): MediaLink<SignedThumbnailUrl> {
  return useOpenedSealed(
    useKeptFallback(useThumbnailUrl(thumbnailPath), thumbnailPath, SignedThumbnailUrl),
    'image/webp',
  );
}

/**
 * Keeps what the person has just opened (a photo loaded, a recording played, the viewer showed it) for reading
 * offline, with its thumbnail when its link is at hand; links shown from the copy already are not kept again.
 */
export function useKeepOpened() {
  const client = useQueryClient();
  return useCallback(
    (
      links: ReadonlyArray<{
        path: string | null;
        link: Pick<MediaLink<OpenedLink['answer']>, 'data' | 'isFromCopy'>;
      }>,
    ) => {
      const opened = links.flatMap(({ path, link }) =>
        path !== null && link.data && !link.isFromCopy ? [{ path, answer: link.data }] : [],
      );
      keepOpenedMedia(client, opened);
    },
    [client],
  );
}
