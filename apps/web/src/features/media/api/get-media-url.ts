import { MEDIA_LIMITS, SignedMediaUrl } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';

/** Spec §9: a signed media URL is cached 50 minutes stale, 55 minutes kept, with 2 retries. */
export const MEDIA_URL_RETRIES = 2;

/**
 * Where an entry's media is asked for: its own attachment, or one of an imported entry's further ones by id
 * (ADR 088), `…/attachments/{id}`.
 */
export const mediaPathOf = (entryId: string, attachmentId?: string) =>
  `/api/entries/${encodeURIComponent(entryId)}${attachmentId ? `/attachments/${encodeURIComponent(attachmentId)}` : ''}`;

export const mediaUrlQueryKey = (entryId: string, attachmentId?: string) =>
  attachmentId ? (['media-url', entryId, attachmentId] as const) : (['media-url', entryId] as const);

/** Retries a failure up to twice, unless the server answered that the media is not there (4xx). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MEDIA_URL_RETRIES) return false;
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

export const mediaUrlQueryOptions = (entryId: string, attachmentId?: string) =>
  queryOptions({
    queryKey: mediaUrlQueryKey(entryId, attachmentId),
    queryFn: ({ signal }) =>
      apiRequest(`${mediaPathOf(entryId, attachmentId)}/media-url`, { schema: SignedMediaUrl, signal }),
    staleTime: MEDIA_LIMITS.signedUrlStaleMs,
    gcTime: MEDIA_LIMITS.signedUrlGcMs,
    retry: shouldRetry,
  });

export function useMediaUrl(entryId: string, isEnabled = true, attachmentId?: string) {
  return useQuery({ ...mediaUrlQueryOptions(entryId, attachmentId), enabled: isEnabled });
}
