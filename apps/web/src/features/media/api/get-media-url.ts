import { MEDIA_LIMITS, SignedMediaUrl } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';

/** docs/product/media.md#media-checks: a signed media URL is cached 50 minutes stale, 55 minutes kept, with 2 retries. */
export const MEDIA_URL_RETRIES = 2;

export const mediaUrlQueryKey = (entryId: string) => ['media-url', entryId] as const;

/** Retries a failure up to twice, unless the server answered that the media is not there (4xx). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MEDIA_URL_RETRIES) return false;
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

export const mediaUrlQueryOptions = (entryId: string) =>
  queryOptions({
    queryKey: mediaUrlQueryKey(entryId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/entries/${encodeURIComponent(entryId)}/media-url`, { schema: SignedMediaUrl, signal }),
    staleTime: MEDIA_LIMITS.signedUrlStaleMs,
    gcTime: MEDIA_LIMITS.signedUrlGcMs,
    retry: shouldRetry,
  });

export function useMediaUrl(entryId: string, isEnabled = true) {
  return useQuery({ ...mediaUrlQueryOptions(entryId), enabled: isEnabled });
}
