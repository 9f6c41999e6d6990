import { evenFrameTimes, fitWithin, MEDIA_LIMITS, MEDIA_MESSAGES } from '@daybook/shared';
import { drawToCanvas } from './image.ts';
import { openMediaElement, resolveDuration, waitForMediaEvent } from './media-element.ts';
import { MediaProblem } from './media-problem.ts';

const { count, maxWidth, maxHeight, quality, timeoutMs } = MEDIA_LIMITS.frames;

type SampleOptions = {
  /** Used when the clip does not say how long it is (a fresh recording), in seconds. */
  durationHint?: number;
  signal?: AbortSignal;
};

/**
 * docs/product/media.md#media-checks: five frames spread evenly over the video, each drawn at up to 640×480 and encoded as a
 * JPEG data URL at quality 0.7 for moderation. Each seek may take 5 s, after which it fails with
 * "Failed to load video"; a file the browser cannot open is "Failed to load video file".
 */
export async function sampleVideoFrames(source: Blob, options: SampleOptions = {}): Promise<string[]> {
  const { element, release } = openMediaElement(source, 'video');
  const video = element as HTMLVideoElement;
  const timedOut = () => new MediaProblem(MEDIA_MESSAGES.frameTimeout);
  try {
    try {
      await waitForMediaEvent(video, ['loadeddata'], timeoutMs, timedOut);
    } catch (error) {
      throw error instanceof MediaProblem ? error : new MediaProblem(MEDIA_MESSAGES.videoLoadFailed);
    }
    let duration = await resolveDuration(video, timeoutMs);
    if (!Number.isFinite(duration) || duration <= 0) duration = options.durationHint ?? 0;
    if (!video.videoWidth || !video.videoHeight) throw new MediaProblem(MEDIA_MESSAGES.videoLoadFailed);
    const size = fitWithin(
      { width: video.videoWidth, height: video.videoHeight },
      { width: maxWidth, height: maxHeight },
    );

    const frames: string[] = [];
    for (const time of evenFrameTimes(duration, count)) {
      if (options.signal?.aborted) throw new DOMException('Cancelled', 'AbortError');
      const seeked = waitForMediaEvent(video, ['seeked'], timeoutMs, timedOut);
      video.currentTime = time;
      try {
        await seeked;
      } catch (error) {
        throw error instanceof MediaProblem ? error : new MediaProblem(MEDIA_MESSAGES.frameTimeout);
      }
      let frame: string;
      try {
        frame = drawToCanvas(video, size.width, size.height).toDataURL('image/jpeg', quality);
      } catch {
        throw new MediaProblem(MEDIA_MESSAGES.frameTimeout);
      }
      frames.push(frame);
    }
    return frames;
  } finally {
    release();
  }
}
