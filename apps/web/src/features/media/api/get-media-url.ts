import { MEDIA_LIMITS, SignedMediaUrl } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';

/** docs/product/media.md#media-checks: a signed media URL is cached 50 minutes stale, 55 minutes kept, with 2 retries. */
export const MEDIA_URL_RETRIES = 2;

/** Where an entry's own attachment's signed link is asked for (a `MediaItem`'s `urlPath`). */
export const entryMediaUrlPath = (entryId: string) => `/api/entries/${encodeURIComponent(entryId)}/media-url`;

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
