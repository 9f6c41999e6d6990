import { useQuery } from '@tanstack/react-query';
import {
  METADATA_TIMEOUT_MS,
  readRealDuration,
  waitForMediaEvent,
} from '../../../lib/media/media-element.ts';

/**
 * A clip's length read from its own header, by a detached element that loads the metadata only (a few KB by
 * byte range). The server keeps no length (ADR 086): recordings carry theirs in the header (packages/shared
 * `webm-duration.ts`, written before upload), and one that does not is measured by `readRealDuration`.
 */
async function probeLength(src: string, kind: 'audio' | 'video'): Promise<number | null> {
  const element = document.createElement(kind);
  element.preload = 'metadata';
  element.muted = true;
  element.src = src;
  try {
    await waitForMediaEvent(element, ['loadedmetadata'], METADATA_TIMEOUT_MS, () => new Error('timeout'));
    const seconds = await readRealDuration(element);
    return Number.isFinite(seconds) ? seconds : null;
  } catch {
    return null;
  } finally {
    // Stops the download and lets the browser drop its buffer.
    element.removeAttribute('src');
    element.load();
  }
}

/**
 * The length in seconds of the clip at `src` (null while unknown, or when the file does not say), measured once
 * per attachment: an attachment never changes (docs/product/media.md#media-checks), so its length is kept for the session.
 */
export function useMediaLength(key: string, src: string | undefined, kind: 'audio' | 'video') {
  const length = useQuery({
    queryKey: ['media-length', key],
    queryFn: () => probeLength(src as string, kind),
    enabled: src !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return length.data ?? null;
}
