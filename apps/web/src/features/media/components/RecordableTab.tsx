import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@daybook/shared';
import { useEffect } from 'react';
import {
  AUDIO_RECORDING_TYPES,
  MICROPHONE_CONSTRAINTS,
  VIDEO_RECORDING_CONSTRAINTS,
  VIDEO_RECORDING_TYPES,
} from '../../../lib/media/devices.ts';
import { type RecorderOptions, useRecorder } from '../../../lib/media/use-recorder.ts';
import type { MediaSource } from '../hooks/use-attach-pipeline.ts';
import { FilePickerButton } from './FilePickerButton.tsx';
import { RecorderPanel } from './RecorderPanel.tsx';

const RECORDERS: Record<'audio' | 'video', RecorderOptions> = {
  audio: {
    constraints: MICROPHONE_CONSTRAINTS,
    mimeTypes: AUDIO_RECORDING_TYPES,
    maxSeconds: MEDIA_LIMITS.audio.maxSeconds,
    failureMessage: MEDIA_MESSAGES.microphoneFailed,
    fallbackType: 'audio/webm',
  },
  video: {
    constraints: VIDEO_RECORDING_CONSTRAINTS,
    mimeTypes: VIDEO_RECORDING_TYPES,
    maxSeconds: MEDIA_LIMITS.video.maxSeconds,
    failureMessage: MEDIA_MESSAGES.cameraMicrophoneFailed,
    fallbackType: 'video/webm',
  },
};

const COPY = {
  audio: {
    hint: 'An audio file up to 2 minutes and 25 MB, or record up to 2 minutes.',
    pick: 'Choose audio file',
    recording: 'Audio recording',
  },
  video: {
    hint: 'A video file up to 60 seconds and 100 MB, or record up to 60 seconds at 720p.',
    pick: 'Choose video file',
    recording: 'Video recording',
  },
} as const;

type RecordableTabProps = {
  kind: 'audio' | 'video';
  onSource: (source: MediaSource) => void;
  isBusy: boolean;
  /** While recording or paused: the panel stays open and the entry card stays expanded. */
  onRecordingChange: (isRecording: boolean) => void;
};

/** Audio and video (docs/product/media.md#media-checks, docs/product/media.md#media-recorders): pick a file or record one. */
export function RecordableTab({ kind, onSource, isBusy, onRecordingChange }: RecordableTabProps) {
  const recorder = useRecorder(RECORDERS[kind]);
  const isRecording =
    recorder.status === 'starting' || recorder.status === 'recording' || recorder.status === 'paused';

  useEffect(() => {
    onRecordingChange(isRecording);
  }, [isRecording, onRecordingChange]);
  useEffect(() => () => onRecordingChange(false), [onRecordingChange]);

  const copy = COPY[kind];
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">{copy.hint}</p>
      <div>
        <FilePickerButton
          kind={kind}
          label={copy.pick}
          disabled={isBusy || isRecording}
          onPick={(file) => onSource({ kind, blob: file, name: file.name, origin: 'file' })}
        />
      </div>
      <RecorderPanel
        kind={kind}
        recorder={recorder}
        maxSeconds={RECORDERS[kind].maxSeconds}
        disabled={isBusy}
        onUse={(recording) =>
          onSource({
            kind,
            blob: recording.blob,
            name: copy.recording,
            origin: 'recording',
            durationSeconds: recording.durationSeconds,
          })
        }
      />
    </div>
  );
}
