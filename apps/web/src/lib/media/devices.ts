import { MEDIA_LIMITS } from '@daybook/shared';
import { MediaProblem } from './media-problem.ts';

export type FacingMode = 'user' | 'environment';

/** docs/product/media.md#media-recorders: the camera starts on the front one, ideally at 1920×1080. */
export function cameraConstraints(facingMode: FacingMode): MediaStreamConstraints {
  return {
    audio: false,
    video: { facingMode, width: { ideal: 1920 }, height: { ideal: 1080 } },
  };
}

export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = { audio: true, video: false };

/** docs/product/media.md#media-recorders: video is recorded at 720p with sound. */
export const VIDEO_RECORDING_CONSTRAINTS: MediaStreamConstraints = {
  audio: true,
  video: {
    width: { ideal: MEDIA_LIMITS.video.recordWidth },
    height: { ideal: MEDIA_LIMITS.video.recordHeight },
  },
};

/** The recording formats to ask for, best first: WebM where the browser writes it (not Safari). */
export const AUDIO_RECORDING_TYPES = ['audio/webm', 'audio/mp4', 'audio/ogg'] as const;
export const VIDEO_RECORDING_TYPES = ['video/webm', 'video/mp4'] as const;

/** Opens the camera and/or microphone; any refusal or absence becomes `failureMessage`. */
export async function openStream(
  constraints: MediaStreamConstraints,
  failureMessage: string,
): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new MediaProblem(failureMessage);
  try {
    return await navigator.mediaDevices.getUserMedia(constraints);
  } catch {
    throw new MediaProblem(failureMessage);
  }
}

/** Turns the camera and microphone off (their lights go out). */
export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The first type this browser's MediaRecorder can write, or undefined to let it choose. */
export function pickRecordingType(candidates: readonly string[]): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') {
    return undefined;
  }
  return candidates.find((type) => MediaRecorder.isTypeSupported(type));
}

/** A file extension for an upload's name (the server ignores it, but a name helps debugging). */
export function extensionFor(type: string): string {
  const base = type.split(';')[0]?.trim().toLowerCase() ?? '';
  const known: Record<string, string> = {
    'image/jpeg': 'jpg',
    'image/png': 'png',
    'image/webp': 'webp',
    'image/gif': 'gif',
    'audio/webm': 'webm',
    'audio/ogg': 'ogg',
    'audio/mp4': 'm4a',
    'audio/mpeg': 'mp3',
    'video/webm': 'webm',
    'video/mp4': 'mp4',
    'video/quicktime': 'mov',
  };
  return known[base] ?? 'bin';
}
