import { api, MEDIA_LIMITS, SignedMediaUrl } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest, apiUrl, callApi } from '../../../lib/api-client.ts';

/** docs/product/media.md#media-checks: a signed media URL is cached 50 minutes stale, 55 minutes kept, with 2 retries. */
export const MEDIA_URL_RETRIES = 2;

/** Where an entry's own attachment's signed link is asked for (a `MediaItem`'s `urlPath`). */
export const entryMediaUrlPath = (entryId: string) => apiUrl(api.media.url, { params: { id: entryId } });

/** An attachment's signed link, asked for at once: the entry's own (`attachmentId` null), or a further one's (ADR 088). */
export const getMediaLink = (entryId: string, attachmentId: string | null, signal?: AbortSignal) =>
  attachmentId
    ? callApi(api.media.attachmentUrl, { params: { id: entryId, attachmentId }, signal })
    : callApi(api.media.url, { params: { id: entryId }, signal });

/** Keyed by the address asked: an entry's attachment, or any other route that answers `SignedMediaUrl`. */
export const mediaUrlQueryKey = (urlPath: string) => ['media-url', urlPath] as const;

/** Retries a failure up to twice, unless the server answered that the media is not there (4xx). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MEDIA_URL_RETRIES) return false;
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

/**
 * Asked by its address (a `MediaItem` carries it, made by `apiUrl`): the address keys the query and the file kept
 * offline (ADR 093), and any route that answers `SignedMediaUrl` may feed an item.
 */
export const mediaUrlQueryOptions = (urlPath: string) =>
  queryOptions({
    queryKey: mediaUrlQueryKey(urlPath),
    queryFn: ({ signal }) => apiRequest(urlPath, { schema: SignedMediaUrl, signal }),
    staleTime: MEDIA_LIMITS.signedUrlStaleMs,
    gcTime: MEDIA_LIMITS.signedUrlGcMs,
    retry: shouldRetry,
  });

export function useMediaUrl(urlPath: string, isEnabled = true) {
  return useQuery({ ...mediaUrlQueryOptions(urlPath), enabled: isEnabled });
}
