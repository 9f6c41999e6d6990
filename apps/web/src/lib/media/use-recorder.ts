import { withWebmDuration } from '@daybook/shared';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { openStream, pickRecordingType, stopStream } from './devices.ts';
import { mediaProblemMessage } from './media-problem.ts';

/**
 * docs/product/media.md#media-recorders: idle → recording ⇄ paused → stopped (a preview, then Retry or Use Recording).
 * `starting` is the wait for the camera or microphone permission.
 */
export type RecorderStatus = 'idle' | 'starting' | 'recording' | 'paused' | 'stopped';

export type Recording = {
  blob: Blob;
  /** An object URL for the preview, revoked by the recorder on Retry and when it goes away. */
  url: string;
  durationSeconds: number;
};

export type RecorderState = {
  status: RecorderStatus;
  elapsedMs: number;
  /** Set once a stopped recorder has its data (a moment after Stop). */
  recording: Recording | null;
  error: string | null;
};

export type RecorderEvent =
  | { type: 'request' }
  | { type: 'started' }
  | { type: 'tick'; elapsedMs: number }
  | { type: 'paused'; elapsedMs: number }
  | { type: 'resumed' }
  | { type: 'stopping'; elapsedMs: number }
  | { type: 'recorded'; recording: Recording }
  | { type: 'failed'; message: string }
  | { type: 'reset' };

export const INITIAL_RECORDER_STATE: RecorderState = {
  status: 'idle',
  elapsedMs: 0,
  recording: null,
  error: null,
};

/** The recorder's states and the only moves between them; anything else leaves the state as it is. */
/**
 * The recording with its length in its header (Chromium's MediaRecorder WebM has none, so players showed "0:00":
 * `withWebmDuration`). Other containers (MP4 on Safari) carry it already; a file it cannot patch is kept as it was.
 */
async function withDuration(blob: Blob, durationMs: number): Promise<Blob> {
  if (!blob.type.includes('webm')) return blob;
  const patched = withWebmDuration(new Uint8Array(await blob.arrayBuffer()), durationMs);
  return patched ? new Blob([patched], { type: blob.type }) : blob;
}

export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  switch (event.type) {
    case 'request':
      return state.status === 'idle' ? { ...INITIAL_RECORDER_STATE, status: 'starting' } : state;
    case 'started':
      return state.status === 'starting' ? { ...state, status: 'recording' } : state;
    case 'tick':
      return state.status === 'recording' ? { ...state, elapsedMs: event.elapsedMs } : state;
    case 'paused':
      return state.status === 'recording'
        ? { ...state, status: 'paused', elapsedMs: event.elapsedMs }
        : state;
    case 'resumed':
      return state.status === 'paused' ? { ...state, status: 'recording' } : state;
    case 'stopping':
      return state.status === 'recording' || state.status === 'paused'
        ? { ...state, status: 'stopped', elapsedMs: event.elapsedMs }
        : state;
    case 'recorded':
      return state.status === 'stopped' ? { ...state, recording: event.recording } : state;
    case 'failed':
      return { ...INITIAL_RECORDER_STATE, error: event.message };
    case 'reset':
      return INITIAL_RECORDER_STATE;
  }
}

export type RecorderOptions = {
  constraints: MediaStreamConstraints;
  /** Recording types to ask for, best first. */
  mimeTypes: readonly string[];
  /** Recording stops by itself at this length. */
  maxSeconds: number;
  /** Shown when the device cannot be opened (docs/product/media.md#media-recorders). */
  failureMessage: string;
  /** The type given to the recording when the browser does not name one. */
  fallbackType: string;
};

type Session = {
  stream: MediaStream;
  recorder: MediaRecorder;
  chunks: Blob[];
  accumulatedMs: number;
  segmentStartedAt: number;
  tick: ReturnType<typeof setInterval> | undefined;
  autoStop: ReturnType<typeof setTimeout> | undefined;
};

const TICK_MS = 250;

/**
 * Records audio or video with MediaRecorder. The timer counts only time spent recording (not paused),
 * and recording stops by itself at `maxSeconds`. The device is released as soon as recording stops,
 * on Retry, and when the component using it goes away (e.g. the panel closes).
 */
export function useRecorder(options: RecorderOptions) {
  const [state, dispatch] = useReducer(recorderReducer, INITIAL_RECORDER_STATE);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const session = useRef<Session | null>(null);
  const generation = useRef(0);
  const isStarting = useRef(false);
  const previewUrl = useRef<string | null>(null);

  const haltClock = useCallback((current: Session) => {
    clearInterval(current.tick);
    clearTimeout(current.autoStop);
    current.tick = undefined;
    current.autoStop = undefined;
    current.accumulatedMs = Math.min(
      optionsRef.current.maxSeconds * 1000,
      current.accumulatedMs + Date.now() - current.segmentStartedAt,
    );
  }, []);

  const stop = useCallback(() => {
    const current = session.current;
    if (!current || current.recorder.state === 'inactive') return;
    if (current.recorder.state === 'recording') haltClock(current);
    dispatch({ type: 'stopping', elapsedMs: current.accumulatedMs });
    current.recorder.stop();
  }, [haltClock]);

  const runClock = useCallback(
    (current: Session) => {
      current.segmentStartedAt = Date.now();
      current.autoStop = setTimeout(
        stop,
        Math.max(0, optionsRef.current.maxSeconds * 1000 - current.accumulatedMs),
      );
      current.tick = setInterval(() => {
        const elapsedMs = Math.min(
          optionsRef.current.maxSeconds * 1000,
          current.accumulatedMs + Date.now() - current.segmentStartedAt,
        );
        dispatch({ type: 'tick', elapsedMs });
      }, TICK_MS);
    },
    [stop],
  );

  /** Drops whatever is under way without keeping it: timers, recorder, device, preview. */
  const discard = useCallback(() => {
    generation.current += 1;
    isStarting.current = false;
    const current = session.current;
    session.current = null;
    if (current) {
      clearInterval(current.tick);
      clearTimeout(current.autoStop);
      current.recorder.ondataavailable = null;
      current.recorder.onstop = null;
      current.recorder.onerror = null;
      if (current.recorder.state !== 'inactive') {
        try {
          current.recorder.stop();
        } catch {
          // Already stopped by the browser.
        }
      }
      stopStream(current.stream);
    }
    setStream(null);
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = null;
  }, []);

  const start = useCallback(async () => {
    if (isStarting.current || session.current) return;
    const { constraints, mimeTypes, failureMessage, fallbackType } = optionsRef.current;
    isStarting.current = true;
    const ticket = ++generation.current;
    dispatch({ type: 'request' });

    let mediaStream: MediaStream;
    try {
      if (typeof MediaRecorder === 'undefined') throw new Error('MediaRecorder unavailable');
      mediaStream = await openStream(constraints, failureMessage);
    } catch (error) {
      if (ticket === generation.current) {
        isStarting.current = false;
        dispatch({ type: 'failed', message: mediaProblemMessage(error, failureMessage) });
      }
      return;
    }
    if (ticket !== generation.current) {
      stopStream(mediaStream);
      return;
    }
    isStarting.current = false;

    const mimeType = pickRecordingType(mimeTypes);
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(mediaStream, mimeType ? { mimeType } : undefined);
    } catch {
      stopStream(mediaStream);
      dispatch({ type: 'failed', message: failureMessage });
      return;
    }
    const current: Session = {
      stream: mediaStream,
      recorder,
      chunks: [],
      accumulatedMs: 0,
      segmentStartedAt: Date.now(),
      tick: undefined,
      autoStop: undefined,
    };
    recorder.ondataavailable = (event) => {
      if (event.data && event.data.size > 0) current.chunks.push(event.data);
    };
    recorder.onstop = () => {
      stopStream(mediaStream);
      setStream(null);
      if (session.current !== current) return;
      session.current = null;
      const type = recorder.mimeType || mimeType || current.chunks[0]?.type || fallbackType;
      void withDuration(new Blob(current.chunks, { type }), current.accumulatedMs).then((blob) => {
        if (ticket !== generation.current) return;
        const url = URL.createObjectURL(blob);
        previewUrl.current = url;
        dispatch({
          type: 'recorded',
          recording: { blob, url, durationSeconds: current.accumulatedMs / 1000 },
        });
      });
    };
    recorder.onerror = () => {
      discard();
      dispatch({ type: 'failed', message: failureMessage });
    };
    session.current = current;
    try {
      recorder.start(1000);
    } catch {
      discard();
      dispatch({ type: 'failed', message: failureMessage });
      return;
    }
    setStream(mediaStream);
    dispatch({ type: 'started' });
    runClock(current);
  }, [discard, runClock]);

  const pause = useCallback(() => {
    const current = session.current;
    if (current?.recorder.state !== 'recording') return;
    current.recorder.pause();
    haltClock(current);
    dispatch({ type: 'paused', elapsedMs: current.accumulatedMs });
  }, [haltClock]);

  const resume = useCallback(() => {
    const current = session.current;
    if (current?.recorder.state !== 'paused') return;
    current.recorder.resume();
    dispatch({ type: 'resumed' });
    runClock(current);
  }, [runClock]);

  /** Retry: back to idle, the recording thrown away. */
  const reset = useCallback(() => {
    discard();
    dispatch({ type: 'reset' });
  }, [discard]);

  useEffect(() => discard, [discard]);

  return { ...state, stream, start, pause, resume, stop, reset };
}

export type RecorderControls = ReturnType<typeof useRecorder>;
