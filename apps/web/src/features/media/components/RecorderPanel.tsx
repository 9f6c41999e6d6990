import { formatRecordingTime } from '@daybook/shared';
import { Check, Circle, Mic, Pause, Play, RotateCcw, Square, Video } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { RecorderControls, Recording } from '../../../lib/media/use-recorder.ts';
import { useStreamSource } from '../../../lib/media/use-stream-source.ts';
import { MediaPlayer } from './MediaPlayer.tsx';

type RecorderPanelProps = {
  kind: 'audio' | 'video';
  recorder: RecorderControls;
  maxSeconds: number;
  onUse: (recording: Recording) => void;
  /** While the attach flow is busy with another file. */
  disabled?: boolean;
};

const ANNOUNCE_EVERY_SECONDS = 10;

/** What a screen reader hears: each change of state, and the time every 10 seconds while recording. */
function statusText(recorder: RecorderControls, maxSeconds: number): string {
  const seconds = recorder.elapsedMs / 1000;
  const max = formatRecordingTime(maxSeconds);
  switch (recorder.status) {
    case 'starting':
      return 'Waiting for permission to record…';
    case 'recording':
      return `Recording: ${formatRecordingTime(Math.floor(seconds / ANNOUNCE_EVERY_SECONDS) * ANNOUNCE_EVERY_SECONDS)} of ${max}`;
    case 'paused':
      return `Recording paused at ${formatRecordingTime(seconds)}`;
    case 'stopped':
      return seconds >= maxSeconds
        ? `Recording stopped at the ${max} limit`
        : `Recording stopped at ${formatRecordingTime(seconds)}`;
    default:
      return '';
  }
}

/**
 * docs/product/media.md#media-recorders: Start recording → Pause / Resume and Stop (with a running timer) → a preview with
 * Retry or Use Recording. Focus follows the controls as they change, so the keyboard is never dropped.
 */
export function RecorderPanel({ kind, recorder, maxSeconds, onUse, disabled = false }: RecorderPanelProps) {
  const container = useRef<HTMLDivElement>(null);
  const live = useRef<HTMLVideoElement>(null);
  useStreamSource(live, kind === 'video' ? recorder.stream : null);
  const { status, recording, error } = recorder;
  const isActive = status === 'recording' || status === 'paused';

  // The control that was pressed is replaced by others (or disabled): if focus was in here, it goes to the
  // next control. Focus counts as inside until it moves to something else (a removed button gives none).
  const hasFocus = useRef(false);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const onFocusIn = () => {
      hasFocus.current = true;
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !element.contains(next)) hasFocus.current = false;
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  const previousStatus = useRef(status);
  useEffect(() => {
    if (previousStatus.current === status) return;
    previousStatus.current = status;
    if (!hasFocus.current) return;
    container.current?.querySelector<HTMLElement>('[data-focus-next]:not([disabled])')?.focus();
  }, [status]);

  const StartIcon = kind === 'audio' ? Mic : Video;
  return (
    <div ref={container} className="flex flex-col gap-3 rounded-lg border p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{kind === 'audio' ? 'Record audio' : 'Record video'}</h3>
        {status !== 'idle' && status !== 'starting' ? (
          <span className="flex items-center gap-1.5 text-sm tabular-nums">
            {status === 'recording' ? (
              <Circle
                aria-hidden="true"
                className="size-3 fill-destructive text-destructive motion-safe:animate-pulse"
              />
            ) : null}
            <span role="timer" aria-label="Recording time">
              {formatRecordingTime(recorder.elapsedMs / 1000)} / {formatRecordingTime(maxSeconds)}
            </span>
          </span>
        ) : null}
      </div>

      {kind === 'video' && (isActive || status === 'starting') ? (
        <video
          ref={live}
          autoPlay
          muted
          playsInline
          aria-label="Camera preview"
          className="aspect-video w-full rounded-md bg-black object-cover"
        />
      ) : null}

      {status === 'stopped' ? (
        recording ? (
          <MediaPlayer
            kind={kind}
            src={recording.url}
            label={kind === 'audio' ? 'Recorded audio' : 'Recorded video'}
          />
        ) : (
          <p className="text-sm text-muted-foreground">Preparing the recording…</p>
        )
      ) : null}

      {error ? (
        <Alert variant="error" role="alert">
          <p>{error}</p>
        </Alert>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {status === 'idle' || status === 'starting' ? (
          <Button
            data-focus-next=""
            onClick={() => void recorder.start()}
            disabled={disabled || status === 'starting'}
          >
            <StartIcon aria-hidden="true" />
            Start recording
          </Button>
        ) : null}
        {isActive ? (
          <>
            {status === 'recording' ? (
              <Button data-focus-next="" variant="outline" onClick={recorder.pause}>
                <Pause aria-hidden="true" />
                Pause
              </Button>
            ) : (
              <Button data-focus-next="" variant="outline" onClick={recorder.resume}>
                <Play aria-hidden="true" />
                Resume
              </Button>
            )}
            <Button variant="destructive" onClick={recorder.stop}>
              <Square aria-hidden="true" />
              Stop
            </Button>
          </>
        ) : null}
        {status === 'stopped' ? (
          <>
            <Button
              data-focus-next=""
              onClick={() => {
                if (recording) onUse(recording);
              }}
              disabled={disabled || !recording}
            >
              <Check aria-hidden="true" />
              Use Recording
            </Button>
            <Button variant="outline" onClick={recorder.reset} disabled={disabled}>
              <RotateCcw aria-hidden="true" />
              Retry
            </Button>
          </>
        ) : null}
      </div>

      <p aria-live="polite" className="sr-only">
        {statusText(recorder, maxSeconds)}
      </p>
    </div>
  );
}
