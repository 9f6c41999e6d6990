import { describe, expect, it } from 'vitest';
import { MEDIA_LIMITS, MEDIA_MESSAGES, MODERATION_MESSAGES } from '../constants.ts';
import {
  baseMimeType,
  evenFrameTimes,
  fitWithin,
  formatRecordingTime,
  mediaDurationProblem,
  mediaFileProblem,
  mediaModerationOutcome,
  mediaUploadErrorMessage,
  processedImageMimeType,
  scaledImageSize,
} from './media.ts';

const MB = 1024 * 1024;

describe('mediaFileProblem', () => {
  it('refuses a file of another type with the message for its tab', () => {
    expect(mediaFileProblem('image', { type: 'application/pdf', size: 10 })).toBe(
      MEDIA_MESSAGES.invalidImage,
    );
    expect(mediaFileProblem('image', { type: '', size: 10 })).toBe(MEDIA_MESSAGES.invalidImage);
    expect(mediaFileProblem('audio', { type: 'video/mp4', size: 10 })).toBe(MEDIA_MESSAGES.invalidAudio);
    expect(mediaFileProblem('video', { type: 'image/png', size: 10 })).toBe(MEDIA_MESSAGES.invalidVideo);
  });

  it('accepts each kind up to its cap and refuses one byte more', () => {
    expect(mediaFileProblem('image', { type: 'image/jpeg', size: 5 * MB })).toBeNull();
    expect(mediaFileProblem('image', { type: 'image/jpeg', size: 5 * MB + 1 })).toBe(
      MEDIA_MESSAGES.imageTooLarge,
    );
    expect(mediaFileProblem('audio', { type: 'audio/mpeg', size: 25 * MB })).toBeNull();
    expect(mediaFileProblem('audio', { type: 'audio/mpeg', size: 25 * MB + 1 })).toBe(
      MEDIA_MESSAGES.audioTooLarge,
    );
    expect(mediaFileProblem('video', { type: 'video/mp4', size: 100 * MB })).toBeNull();
    expect(mediaFileProblem('video', { type: 'video/mp4', size: 100 * MB + 1 })).toBe(
      MEDIA_MESSAGES.videoTooLarge,
    );
  });

  it('checks the type before the size', () => {
    expect(mediaFileProblem('image', { type: 'text/plain', size: 50 * MB })).toBe(
      MEDIA_MESSAGES.invalidImage,
    );
  });

  it('ignores MIME parameters and case (MediaRecorder types carry codecs)', () => {
    expect(baseMimeType('Audio/WebM; codecs=opus')).toBe('audio/webm');
    expect(mediaFileProblem('audio', { type: 'audio/webm;codecs=opus', size: 10 })).toBeNull();
    expect(mediaFileProblem('video', { type: 'video/webm;codecs=vp8,opus', size: 10 })).toBeNull();
  });

  it('knows the other names of the same formats', () => {
    expect(mediaFileProblem('audio', { type: 'audio/mp3', size: 10 })).toBeNull();
    expect(mediaFileProblem('image', { type: 'image/jpg', size: 10 })).toBeNull();
    expect(mediaFileProblem('image', { type: 'image/svg+xml', size: 10 })).toBe(MEDIA_MESSAGES.invalidImage);
  });
});

describe('mediaDurationProblem', () => {
  it('allows audio up to 120 s and video up to 60 s', () => {
    expect(mediaDurationProblem('audio', 120)).toBeNull();
    expect(mediaDurationProblem('audio', 120.1)).toBe(MEDIA_MESSAGES.audioTooLong);
    expect(mediaDurationProblem('video', 60)).toBeNull();
    expect(mediaDurationProblem('video', 61)).toBe(MEDIA_MESSAGES.videoTooLong);
  });
});

describe('scaledImageSize', () => {
  it('keeps an image whose sides are both 1920 px or less', () => {
    expect(scaledImageSize(1920, 1080)).toEqual({ width: 1920, height: 1080, isScaled: false });
    expect(scaledImageSize(1920, 1920)).toEqual({ width: 1920, height: 1920, isScaled: false });
    expect(scaledImageSize(640, 480)).toEqual({ width: 640, height: 480, isScaled: false });
  });

  it('scales the longer side down to 1920 px, keeping the proportions', () => {
    expect(scaledImageSize(4000, 3000)).toEqual({ width: 1920, height: 1440, isScaled: true });
    expect(scaledImageSize(3000, 4000)).toEqual({ width: 1440, height: 1920, isScaled: true });
    expect(scaledImageSize(1921, 100)).toEqual({ width: 1920, height: 100, isScaled: true });
  });

  it('never makes a side 0 px', () => {
    expect(scaledImageSize(100_000, 10)).toEqual({ width: 1920, height: 1, isScaled: true });
  });

  it('uses the spec limit by default', () => {
    expect(MEDIA_LIMITS.image.maxSidePx).toBe(1920);
  });
});

describe('processedImageMimeType', () => {
  it('keeps PNG as PNG and turns everything else into JPEG', () => {
    expect(processedImageMimeType('image/png')).toBe('image/png');
    expect(processedImageMimeType('image/jpeg')).toBe('image/jpeg');
    expect(processedImageMimeType('image/webp')).toBe('image/jpeg');
    expect(processedImageMimeType('image/gif')).toBe('image/jpeg');
  });
});

describe('video frames', () => {
  it('fits a frame inside 640×480 without enlarging it', () => {
    const max = { width: 640, height: 480 };
    expect(fitWithin({ width: 1280, height: 720 }, max)).toEqual({ width: 640, height: 360 });
    expect(fitWithin({ width: 720, height: 1280 }, max)).toEqual({ width: 270, height: 480 });
    expect(fitWithin({ width: 320, height: 240 }, max)).toEqual({ width: 320, height: 240 });
  });

  it('spreads five sample times evenly over the clip', () => {
    expect(evenFrameTimes(10)).toEqual([1, 3, 5, 7, 9]);
    expect(evenFrameTimes(Number.POSITIVE_INFINITY)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('mediaModerationOutcome', () => {
  it('blocks high with the crisis message when self-harm is flagged', () => {
    for (const kind of ['image', 'video'] as const) {
      expect(mediaModerationOutcome(kind, { severity: 'high', flags: ['self-harm'] })).toEqual({
        action: 'block',
        message: MODERATION_MESSAGES.crisis,
        isCrisis: true,
      });
    }
  });

  it('blocks high and medium with the messages for the kind', () => {
    expect(mediaModerationOutcome('image', { severity: 'high', flags: ['nsfw'] })).toMatchObject({
      action: 'block',
      message: MEDIA_MESSAGES.imageHigh,
    });
    expect(mediaModerationOutcome('image', { severity: 'medium', flags: [] })).toMatchObject({
      action: 'block',
      message: MEDIA_MESSAGES.imageMedium,
    });
    expect(mediaModerationOutcome('video', { severity: 'high', flags: [] })).toMatchObject({
      action: 'block',
      message: MEDIA_MESSAGES.videoHigh,
    });
    expect(mediaModerationOutcome('video', { severity: 'medium', flags: ['self_harm'] })).toMatchObject({
      action: 'block',
      message: MEDIA_MESSAGES.videoMedium,
      isCrisis: false,
    });
  });

  it('lets low through with the inline notice, and safe without one', () => {
    expect(mediaModerationOutcome('image', { severity: 'low', flags: [] })).toEqual({
      action: 'warn',
      message: MEDIA_MESSAGES.imageLow,
    });
    expect(mediaModerationOutcome('video', { severity: 'safe', flags: [] })).toEqual({ action: 'allow' });
  });
});

describe('mediaUploadErrorMessage', () => {
  it('prefixes ordinary failures once', () => {
    expect(
      mediaUploadErrorMessage({ code: 'MEDIA_TOO_LARGE', message: MEDIA_MESSAGES.imageTooLarge }),
    ).toEqual({
      message: 'Failed to upload file: Image size exceeds 5MB limit',
      isCrisis: false,
    });
    expect(
      mediaUploadErrorMessage({
        code: 'MEDIA_INVALID',
        message: MEDIA_MESSAGES.uploadFailed('no file was sent'),
      }).message,
    ).toBe('Failed to upload file: no file was sent');
  });

  it('shows refusals by plan and by moderation as received', () => {
    expect(
      mediaUploadErrorMessage({
        code: 'MEDIA_NOT_ALLOWED',
        message: MEDIA_MESSAGES.notAllowedByPlan('video'),
      }).message,
    ).toBe('Your plan does not include video entries');
    expect(
      mediaUploadErrorMessage({ code: 'CONTENT_BLOCKED', message: MEDIA_MESSAGES.imageMedium, flags: [] }),
    ).toEqual({ message: MEDIA_MESSAGES.imageMedium, isCrisis: false });
    expect(
      mediaUploadErrorMessage({
        code: 'CONTENT_BLOCKED',
        message: MEDIA_MESSAGES.imageHigh,
        flags: ['self_harm'],
      }),
    ).toEqual({ message: MODERATION_MESSAGES.crisis, isCrisis: true });
  });
});

describe('formatRecordingTime', () => {
  it('reads minutes and seconds', () => {
    expect(formatRecordingTime(0)).toBe('0:00');
    expect(formatRecordingTime(59.9)).toBe('0:59');
    expect(formatRecordingTime(120)).toBe('2:00');
  });
});
