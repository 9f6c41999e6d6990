import { MEDIA_LIMITS, SignedThumbnailUrl } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { shouldRetry } from './get-media-url.ts';

export const thumbnailUrlQueryKey = (entryId: string) => ['thumbnail-url', entryId] as const;

/**
 * An image entry's thumbnail link (ADR 044). The server hands out one URL per 6-hour window, valid 12 hours, so
 * keeping it 5 hours always leaves it an hour to live, and the browser's cache serves the image meanwhile.
 */
export const thumbnailUrlQueryOptions = (entryId: string) =>
  queryOptions({
    queryKey: thumbnailUrlQueryKey(entryId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/entries/${encodeURIComponent(entryId)}/thumbnail-url`, {
        schema: SignedThumbnailUrl,
        signal,
      }),
    staleTime: MEDIA_LIMITS.thumbnail.staleMs,
    gcTime: MEDIA_LIMITS.thumbnail.gcMs,
    retry: shouldRetry,
  });

export function useThumbnailUrl(entryId: string) {
  return useQuery(thumbnailUrlQueryOptions(entryId));
}
