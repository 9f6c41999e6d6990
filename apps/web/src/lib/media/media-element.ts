import { MEDIA_MESSAGES } from '@daybook/shared';
import { MediaProblem } from './media-problem.ts';

/** How long the browser may take to read a file's header before it counts as unreadable. */
export const METADATA_TIMEOUT_MS = 10_000;

const LOAD_FAILED = { audio: MEDIA_MESSAGES.audioLoadFailed, video: MEDIA_MESSAGES.videoLoadFailed } as const;

/** Resolves on the first of `events`, rejects on `error` or after `timeoutMs`. */
export function waitForMediaEvent(
  element: HTMLMediaElement,
  events: readonly string[],
  timeoutMs: number,
  onTimeout: () => Error,
  isDone: () => boolean = () => true,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      for (const name of events) element.removeEventListener(name, onEvent);
      element.removeEventListener('error', onError);
      outcome();
    };
    const onEvent = () => {
      if (isDone()) finish(resolve);
    };
    const onError = () => finish(() => reject(new Error('media error')));
    const timer = setTimeout(() => finish(() => reject(onTimeout())), timeoutMs);
    for (const name of events) element.addEventListener(name, onEvent);
    element.addEventListener('error', onError);
  });
}

/**
 * A detached <audio> or <video> playing `source` from an object URL; `release` drops the URL.
 * Muted and inline so that a browser may seek it without a user gesture.
 */
export function openMediaElement(source: Blob, kind: 'audio' | 'video') {
  const element = document.createElement(kind);
  const url = URL.createObjectURL(source);
  element.preload = kind === 'video' ? 'auto' : 'metadata';
  element.muted = true;
  if (element instanceof HTMLVideoElement) element.playsInline = true;
  element.src = url;
  return {
    element,
    release: () => {
      element.removeAttribute('src');
      URL.revokeObjectURL(url);
    },
  };
}

/**
 * The length of a clip in seconds once its metadata is read. A MediaRecorder WebM often has no
 * duration in its header (Infinity): seeking far past its end makes the browser work it out.
 * NaN when it still cannot be known.
 */
export async function resolveDuration(element: HTMLMediaElement, timeoutMs: number): Promise<number> {
  if (Number.isFinite(element.duration)) return element.duration;
  const found = waitForMediaEvent(
    element,
    ['durationchange', 'timeupdate', 'seeked'],
    timeoutMs,
    () => new Error('timeout'),
    () => Number.isFinite(element.duration),
  );
  element.currentTime = Number.MAX_SAFE_INTEGER;
  try {
    await found;
  } catch {
    return Number.NaN;
  }
  // No seek back to 0 here: a pending seek would answer the next caller's wait for `seeked`.
  return element.duration;
}

/**
 * A player's real length once its metadata is read. A recording made before its length was written into the
 * file (a MediaRecorder's WebM, ADR 086) reports an endless duration: seeking past its end makes the browser find
 * the length, and the player is then put back at the start. NaN when it still cannot be known.
 */
export async function readRealDuration(
  element: HTMLMediaElement,
  timeoutMs: number = METADATA_TIMEOUT_MS,
): Promise<number> {
  if (Number.isFinite(element.duration)) return element.duration;
  const duration = await resolveDuration(element, timeoutMs);
  if (Number.isFinite(duration)) element.currentTime = 0;
  return duration;
}

/**
 * docs/product/media.md#media-checks: reads a file's duration with an <audio> or <video> element; an unreadable file is
 * "Failed to load audio file" / "Failed to load video file". NaN when the file does not say.
 */
export async function readMediaDuration(
  source: Blob,
  kind: 'audio' | 'video',
  timeoutMs: number = METADATA_TIMEOUT_MS,
): Promise<number> {
  const { element, release } = openMediaElement(source, kind);
  try {
    await waitForMediaEvent(element, ['loadedmetadata'], timeoutMs, () => new Error('timeout'));
    return await resolveDuration(element, timeoutMs);
  } catch {
    throw new MediaProblem(LOAD_FAILED[kind]);
  } finally {
    release();
  }
}
