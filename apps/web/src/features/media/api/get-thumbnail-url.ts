import { api, MEDIA_LIMITS, SignedThumbnailUrl } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, apiUrl, callApi } from '../../../lib/api-client.ts';
import { shouldRetry } from './get-media-url.ts';

/** Where an entry's thumbnail (a photo's) or poster (a video's) link is asked for (a `MediaItem`'s `thumbnailPath`). */
export const entryThumbnailUrlPath = (entryId: string) =>
  apiUrl(api.media.thumbnailUrl, { params: { id: entryId } });

/** An attachment's thumbnail's or poster's link, asked for at once (as `getMediaLink`). */
export const getThumbnailLink = (entryId: string, attachmentId: string | null, signal?: AbortSignal) =>
  attachmentId
    ? callApi(api.media.attachmentThumbnailUrl, { params: { id: entryId, attachmentId }, signal })
    : callApi(api.media.thumbnailUrl, { params: { id: entryId }, signal });

export const thumbnailUrlQueryKey = (thumbnailPath: string) => ['thumbnail-url', thumbnailPath] as const;

/**
 * A thumbnail's link (ADR 044), asked by its address as `mediaUrlQueryOptions` is. The server hands out one URL per
 * 6-hour window, valid 12 hours, so keeping it 5 hours always leaves it an hour to live, and the browser's cache
 * serves the image meanwhile.
 */
export const thumbnailUrlQueryOptions = (thumbnailPath: string) =>
  queryOptions({
    queryKey: thumbnailUrlQueryKey(thumbnailPath),
    queryFn: ({ signal }) => apiRequest(thumbnailPath, { schema: SignedThumbnailUrl, signal }),
    staleTime: MEDIA_LIMITS.thumbnail.staleMs,
    gcTime: MEDIA_LIMITS.thumbnail.gcMs,
    retry: shouldRetry,
  });

/** Asks only when there is a thumbnail to ask for (`thumbnailPath` null: none). */
export function useThumbnailUrl(thumbnailPath: string | null) {
  return useQuery({ ...thumbnailUrlQueryOptions(thumbnailPath ?? ''), enabled: thumbnailPath !== null });
}
