import { MEDIA_LIMITS, SignedThumbnailUrl } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { mediaPathOf, shouldRetry } from './get-media-url.ts';

export const thumbnailUrlQueryKey = (entryId: string, attachmentId?: string) =>
  attachmentId ? (['thumbnail-url', entryId, attachmentId] as const) : (['thumbnail-url', entryId] as const);

/**
 * An image entry's thumbnail link (ADR 044). The server hands out one URL per 6-hour window, valid 12 hours, so
 * keeping it 5 hours always leaves it an hour to live, and the browser's cache serves the image meanwhile.
 */
export const thumbnailUrlQueryOptions = (entryId: string, attachmentId?: string) =>
  queryOptions({
    queryKey: thumbnailUrlQueryKey(entryId, attachmentId),
    queryFn: ({ signal }) =>
      apiRequest(`${mediaPathOf(entryId, attachmentId)}/thumbnail-url`, {
        schema: SignedThumbnailUrl,
        signal,
      }),
    staleTime: MEDIA_LIMITS.thumbnail.staleMs,
    gcTime: MEDIA_LIMITS.thumbnail.gcMs,
    retry: shouldRetry,
  });

export function useThumbnailUrl(entryId: string, attachmentId?: string) {
  return useQuery(thumbnailUrlQueryOptions(entryId, attachmentId));
}
