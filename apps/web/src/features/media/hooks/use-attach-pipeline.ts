import {
  baseMimeType,
  MEDIA_MESSAGES,
  type MediaDraft,
  type MediaKind,
  mediaDurationProblem,
  mediaFileProblem,
  mediaModerationOutcome,
  mediaUploadErrorMessage,
} from '@daybook/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { privateMediaKey } from '../../../lib/encryption/private-media-key.ts';
import { extensionFor } from '../../../lib/media/devices.ts';
import { blobToDataUrl, dataUrlToBlob, makeThumbnail, processImage } from '../../../lib/media/image.ts';
import { readMediaDuration } from '../../../lib/media/media-element.ts';
import { MediaProblem } from '../../../lib/media/media-problem.ts';
import { sampleVideoFrames } from '../../../lib/media/video-frames.ts';
import { readOfflineUser } from '../../../lib/session/offline-user.ts';
import { moderateImage, moderateVideo, SAFE_MEDIA_VERDICT } from '../api/moderate-media.ts';
import { uploadSealedMediaDraft } from '../api/sealed-media.ts';
import { uploadVideoPoster, useUploadMediaDraft } from '../api/upload-media-draft.ts';
import type { AttachMediaControlProps } from '../types.ts';

/** Where the file came from: a picked file is measured; a recording is bounded by its recorder. */
export type MediaOrigin = 'file' | 'camera' | 'recording';

export type MediaSource = {
  kind: MediaKind;
  blob: Blob;
  name: string;
  origin: MediaOrigin;
  /** A recording's length, for frame sampling when the file itself does not say. */
  durationSeconds?: number;
};

export type PipelineStage = 'idle' | 'checking' | 'moderating' | 'uploading';

export type PipelineProblem = { kind: MediaKind; message: string; isCrisis: boolean };

export type PipelineState = {
  stage: PipelineStage;
  /** The kind being handled (or last handled). */
  kind: MediaKind | null;
  /** Upload progress, 0 to 100. */
  progress: number;
  error: PipelineProblem | null;
  /** docs/product/moderation.md#moderation-rules: a low moderation verdict lets the file through with this notice. */
  notice: string | null;
};

const IDLE: PipelineState = { stage: 'idle', kind: null, progress: 0, error: null, notice: null };

class Blocked extends Error {
  constructor(
    message: string,
    readonly isCrisis: boolean,
  ) {
    super(message);
  }
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function failureOf(error: unknown): { message: string; isCrisis: boolean } {
  if (error instanceof Blocked) return { message: error.message, isCrisis: error.isCrisis };
  if (error instanceof MediaProblem) return { message: error.message, isCrisis: false };
  if (error instanceof ApiRequestError) {
    const flags = Array.isArray(error.details?.flags) ? error.details.flags.map(String) : undefined;
    return mediaUploadErrorMessage({ code: error.code, message: error.message, flags });
  }
  return {
    message: MEDIA_MESSAGES.uploadFailed(error instanceof Error ? error.message : String(error)),
    isCrisis: false,
  };
}

function uploadName(source: MediaSource, blob: Blob): string {
  if (source.origin === 'file' && blob === source.blob && source.name) return source.name;
  const stem = source.name.replace(/\.[^.]*$/, '') || source.kind;
  return `${stem}.${extensionFor(blob.type)}`;
}

/**
 * Private mode (ADR 096): the server cannot see the file, so the same model and thresholds as its moderator run
 * here, in a Web Worker loaded with the first file chosen. docs/product/moderation.md#moderation-rules: a check that
 * cannot run counts as safe, as a failed moderation request does.
 */
async function moderateHere(images: Blob[], signal: AbortSignal) {
  try {
    const { moderateImagesInBrowser } = await import('../../../lib/moderation/browser-image-moderator.ts');
    return await moderateImagesInBrowser(images, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    return SAFE_MEDIA_VERDICT;
  }
}

/**
 * The way from a chosen file, photo or recording to an uploaded draft (docs/product/media.md#media-checks): type and size,
 * then per kind — image: decode, scale, moderate; audio: duration; video: duration, five frames,
 * moderate — then the upload with progress. A block or failure stops it with the spec's message.
 */
export function useAttachPipeline({ onAttached }: Pick<AttachMediaControlProps, 'onAttached'>) {
  const [state, setState] = useState<PipelineState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const onAttachedRef = useRef(onAttached);
  onAttachedRef.current = onAttached;
  const { mutateAsync: upload } = useUploadMediaDraft();

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState((current) => ({ ...IDLE, kind: current.kind }));
  }, []);

  /** Forgets the last error and notice (e.g. after Remove, or on another tab). */
  const dismiss = useCallback(() => {
    setState((current) => (current.stage === 'idle' ? IDLE : current));
  }, []);

  const run = useCallback(
    async (source: MediaSource): Promise<boolean> => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      const { signal } = own;
      const { kind } = source;
      const update = (patch: Partial<PipelineState>) => {
        if (!signal.aborted) setState((current) => ({ ...current, ...patch }));
      };
      update({ ...IDLE, stage: 'checking', kind });

      try {
        const problem = mediaFileProblem(kind, source.blob);
        if (problem) throw new MediaProblem(problem);

        // Private mode unlocked here (ADR 096): the file is moderated, thumbnailed and sealed in this browser.
        const mediaKey = await privateMediaKey(readOfflineUser()?.id);
        let file: Blob = source.blob;
        let notice: string | null = null;
        let poster: string | null = null;
        let size: { width: number; height: number } | null = null;
        let length: number | undefined;
        if (kind === 'image') {
          const processed = await processImage(source.blob);
          file = processed.blob;
          size = processed;
          update({ stage: 'moderating' });
          const verdict = mediaKey
            ? await moderateHere([processed.moderationBlob], signal)
            : await moderateImage(await blobToDataUrl(processed.moderationBlob), signal);
          const outcome = mediaModerationOutcome('image', verdict);
          if (outcome.action === 'block') throw new Blocked(outcome.message, outcome.isCrisis);
          if (outcome.action === 'warn') notice = outcome.message;
        } else {
          let duration = source.durationSeconds;
          if (source.origin === 'file') {
            duration = await readMediaDuration(source.blob, kind);
            const tooLong = Number.isFinite(duration) ? mediaDurationProblem(kind, duration) : null;
            if (tooLong) throw new MediaProblem(tooLong);
          }
          length = duration;
          if (kind === 'video') {
            const frames = await sampleVideoFrames(source.blob, {
              ...(duration !== undefined && Number.isFinite(duration) ? { durationHint: duration } : {}),
              signal,
            });
            update({ stage: 'moderating' });
            // The first frame, a tenth into the clip, past a fade-in or a black start.
            poster = frames[0] ?? null;
            const verdict = mediaKey
              ? await moderateHere(frames.map(dataUrlToBlob), signal)
              : await moderateVideo(frames, signal);
            const outcome = mediaModerationOutcome('video', verdict);
            if (outcome.action === 'block') throw new Blocked(outcome.message, outcome.isCrisis);
            if (outcome.action === 'warn') notice = outcome.message;
          }
        }
        if (signal.aborted) return false;

        update({ stage: 'uploading', progress: 0, notice });
        const onProgress = (fraction: number) => update({ progress: fraction * 100 });
        let draft: MediaDraft;
        if (mediaKey) {
          // The thumbnail comes from the photo, or the video's poster frame; one that cannot be made leaves the
          // card its icon, as a poster that cannot be stored does.
          const thumbnailSource = kind === 'image' ? file : poster ? dataUrlToBlob(poster) : null;
          const thumbnail = thumbnailSource ? await makeThumbnail(thumbnailSource).catch(() => null) : null;
          draft = await uploadSealedMediaDraft({
            mediaType: kind,
            file,
            thumbnail,
            durationSeconds: length,
            width: size?.width,
            height: size?.height,
            mediaKey,
            onProgress,
            signal,
          });
        } else {
          draft = await upload({
            mediaType: kind,
            file,
            fileName: uploadName(source, file),
            onProgress,
            signal,
          });
        }
        if (signal.aborted) return false;
        // A poster that cannot be stored leaves the video as it is: it saves, with its icon on the card.
        if (poster && !mediaKey) await uploadVideoPoster(draft.id, poster, signal).catch(() => null);
        if (signal.aborted) return false;
        const url = URL.createObjectURL(file);
        controller.current = null;
        setState({ ...IDLE, kind, notice });
        onAttachedRef.current(draft, {
          url,
          kind,
          mimeType: baseMimeType(file.type) || draft.mimeType,
          name: source.name,
          sizeBytes: file.size,
        });
        return true;
      } catch (error) {
        if (signal.aborted || isAbort(error)) return false;
        controller.current = null;
        setState({ ...IDLE, kind, error: { kind, ...failureOf(error) } });
        return false;
      }
    },
    [upload],
  );

  useEffect(() => () => controller.current?.abort(), []);

  return { ...state, isBusy: state.stage !== 'idle', run, cancel, dismiss };
}

export type AttachPipeline = ReturnType<typeof useAttachPipeline>;
