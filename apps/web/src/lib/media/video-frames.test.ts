import { MEDIA_MESSAGES } from '@daybook/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeCanvas, fakeFile, fakeMediaElements, fakeObjectUrls } from '../../test/browser-api-fakes.ts';
import { readMediaDuration } from './media-element.ts';
import { sampleVideoFrames } from './video-frames.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('readMediaDuration', () => {
  it('reads the duration from the metadata, and lets go of the object URL', async () => {
    const urls = fakeObjectUrls();
    fakeMediaElements({ duration: 130.5 });
    expect(await readMediaDuration(fakeFile('talk.mp3', 'audio/mpeg'), 'audio')).toBe(130.5);
    expect(urls.revoked).toEqual([...urls.created.keys()]);
  });

  it('says the file could not be loaded', async () => {
    fakeObjectUrls();
    fakeMediaElements({ isUnreadable: true });
    await expect(readMediaDuration(fakeFile('x.mp3', 'audio/mpeg'), 'audio')).rejects.toThrow(
      MEDIA_MESSAGES.audioLoadFailed,
    );
    await expect(readMediaDuration(fakeFile('x.mp4', 'video/mp4'), 'video')).rejects.toThrow(
      MEDIA_MESSAGES.videoLoadFailed,
    );
  });
});

describe('sampleVideoFrames', () => {
  it('draws five frames spread over the clip at up to 640×480, as JPEG at quality 0.7', async () => {
    fakeObjectUrls();
    const media = fakeMediaElements({ duration: 50, videoWidth: 1920, videoHeight: 1080 });
    const canvas = fakeCanvas();
    const frames = await sampleVideoFrames(fakeFile('clip.mp4', 'video/mp4'));
    expect(frames).toHaveLength(5);
    expect(frames.every((frame) => frame.startsWith('data:image/jpeg;base64,'))).toBe(true);
    expect(media.seeks).toEqual([5, 15, 25, 35, 45]);
    expect(canvas.encoded).toEqual(
      Array.from({ length: 5 }, () => ({ width: 640, height: 360, type: 'image/jpeg', quality: 0.7 })),
    );
  });

  it('uses the recording time when the clip does not say how long it is', async () => {
    fakeObjectUrls();
    const media = fakeMediaElements({ duration: Number.POSITIVE_INFINITY });
    fakeCanvas();
    vi.useFakeTimers();
    const frames = sampleVideoFrames(fakeFile('rec.webm', 'video/webm'), { durationHint: 10 });
    await vi.advanceTimersByTimeAsync(5000); // the far seek that would reveal the duration
    await vi.runAllTimersAsync();
    expect(await frames).toHaveLength(5);
    expect(media.seeks.slice(-5)).toEqual([1, 3, 5, 7, 9]);
  });

  it('gives up on a frame after 5 s with "Failed to load video"', async () => {
    fakeObjectUrls();
    fakeMediaElements({ duration: 20, isStuck: true });
    fakeCanvas();
    vi.useFakeTimers();
    const frames = sampleVideoFrames(fakeFile('clip.mp4', 'video/mp4'));
    const outcome = expect(frames).rejects.toThrow(MEDIA_MESSAGES.frameTimeout);
    await vi.advanceTimersByTimeAsync(4999);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('says "Failed to load video file" when the video cannot be opened', async () => {
    fakeObjectUrls();
    fakeMediaElements({ isUnreadable: true });
    await expect(sampleVideoFrames(fakeFile('clip.mp4', 'video/mp4'))).rejects.toThrow(
      MEDIA_MESSAGES.videoLoadFailed,
    );
  });
});
