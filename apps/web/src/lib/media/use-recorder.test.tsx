import { MEDIA_MESSAGES } from '@daybook/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FakeMediaRecorder,
  fakeMediaRecorder,
  fakeObjectUrls,
  fakeUserMedia,
} from '../../test/browser-api-fakes.ts';
import { AUDIO_RECORDING_TYPES, MICROPHONE_CONSTRAINTS } from './devices.ts';
import {
  INITIAL_RECORDER_STATE,
  type RecorderOptions,
  recorderReducer,
  useRecorder,
} from './use-recorder.ts';

const AUDIO: RecorderOptions = {
  constraints: MICROPHONE_CONSTRAINTS,
  mimeTypes: AUDIO_RECORDING_TYPES,
  maxSeconds: 120,
  failureMessage: MEDIA_MESSAGES.microphoneFailed,
  fallbackType: 'audio/webm',
};

describe('recorderReducer', () => {
  it('moves idle → starting → recording → paused → recording → stopped, and back to idle on reset', () => {
    let state = recorderReducer(INITIAL_RECORDER_STATE, { type: 'request' });
    expect(state.status).toBe('starting');
    state = recorderReducer(state, { type: 'started' });
    expect(state.status).toBe('recording');
    state = recorderReducer(state, { type: 'paused', elapsedMs: 4000 });
    expect(state).toMatchObject({ status: 'paused', elapsedMs: 4000 });
    state = recorderReducer(state, { type: 'resumed' });
    expect(state.status).toBe('recording');
    state = recorderReducer(state, { type: 'stopping', elapsedMs: 9000 });
    expect(state).toMatchObject({ status: 'stopped', elapsedMs: 9000, recording: null });
    const recording = { blob: new Blob(), url: 'blob:x', durationSeconds: 9 };
    state = recorderReducer(state, { type: 'recorded', recording });
    expect(state.recording).toBe(recording);
    expect(recorderReducer(state, { type: 'reset' })).toEqual(INITIAL_RECORDER_STATE);
  });

  it('ignores moves that make no sense in the current state', () => {
    expect(recorderReducer(INITIAL_RECORDER_STATE, { type: 'paused', elapsedMs: 1 })).toBe(
      INITIAL_RECORDER_STATE,
    );
    expect(recorderReducer(INITIAL_RECORDER_STATE, { type: 'resumed' })).toBe(INITIAL_RECORDER_STATE);
    expect(recorderReducer(INITIAL_RECORDER_STATE, { type: 'stopping', elapsedMs: 1 })).toBe(
      INITIAL_RECORDER_STATE,
    );
    const recording = { ...INITIAL_RECORDER_STATE, status: 'recording' as const };
    expect(recorderReducer(recording, { type: 'request' })).toBe(recording);
    expect(recorderReducer(recording, { type: 'resumed' })).toBe(recording);
  });
});

describe('useRecorder', () => {
  let devices: ReturnType<typeof fakeUserMedia>;

  beforeEach(() => {
    vi.useFakeTimers();
    fakeObjectUrls();
  });

  afterEach(() => {
    devices?.restore();
    vi.useRealTimers();
  });

  async function startRecording(options: RecorderOptions = AUDIO) {
    const hook = renderHook(() => useRecorder(options));
    await act(async () => {
      await hook.result.current.start();
    });
    return hook;
  }

  it('records, pauses (the clock stops), resumes and stops with a preview, then releases the microphone', async () => {
    devices = fakeUserMedia();
    const recorders = fakeMediaRecorder();
    const { result } = await startRecording();
    expect(devices.getUserMedia).toHaveBeenCalledWith({ audio: true, video: false });
    expect(recorders.last.mimeType).toBe('audio/webm');
    expect(result.current.status).toBe('recording');

    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.elapsedMs).toBe(5000);

    act(() => result.current.pause());
    expect(result.current.status).toBe('paused');
    expect(recorders.last.state).toBe('paused');
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current.elapsedMs).toBe(5000);

    act(() => result.current.resume());
    expect(result.current.status).toBe('recording');
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current.elapsedMs).toBe(8000);

    await act(async () => result.current.stop());
    expect(result.current.status).toBe('stopped');
    expect(result.current.recording).toMatchObject({
      durationSeconds: 8,
      url: expect.stringMatching(/^blob:/),
    });
    expect(result.current.recording?.blob.type).toBe('audio/webm');
    expect(devices.allStopped()).toBe(true);

    act(() => result.current.reset());
    expect(result.current.status).toBe('idle');
    expect(URL.revokeObjectURL).toHaveBeenCalled();
  });

  it('stops by itself at the limit, counting only time spent recording', async () => {
    devices = fakeUserMedia();
    fakeMediaRecorder();
    const { result } = await startRecording();
    act(() => vi.advanceTimersByTime(100_000));
    act(() => result.current.pause());
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.status).toBe('paused');
    act(() => result.current.resume());
    await act(async () => vi.advanceTimersByTime(19_999));
    expect(result.current.status).toBe('recording');
    await act(async () => vi.advanceTimersByTime(1));
    expect(result.current.status).toBe('stopped');
    expect(result.current.recording?.durationSeconds).toBe(120);
    expect(devices.allStopped()).toBe(true);
  });

  it('stops a 60 s video recording at 60 s', async () => {
    devices = fakeUserMedia();
    fakeMediaRecorder();
    const { result } = await startRecording({
      ...AUDIO,
      constraints: { audio: true, video: { width: { ideal: 1280 }, height: { ideal: 720 } } },
      mimeTypes: ['video/webm'],
      maxSeconds: 60,
    });
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(result.current.status).toBe('stopped');
    expect(result.current.recording?.blob.type).toBe('video/webm');
  });

  it('says the microphone could not be opened', async () => {
    devices = fakeUserMedia({ isRefused: true });
    fakeMediaRecorder();
    const { result } = await startRecording();
    expect(result.current).toMatchObject({ status: 'idle', error: MEDIA_MESSAGES.microphoneFailed });
  });

  it('says so too when the browser cannot record at all', async () => {
    devices = fakeUserMedia();
    const { result } = await startRecording();
    expect(result.current.error).toBe(MEDIA_MESSAGES.microphoneFailed);
  });

  it('lets the browser choose the format when it writes no WebM', async () => {
    devices = fakeUserMedia();
    const recorders = fakeMediaRecorder();
    FakeMediaRecorder.supported = new Set(['audio/mp4']);
    try {
      await startRecording();
      expect(recorders.last.mimeType).toBe('audio/mp4');
    } finally {
      FakeMediaRecorder.supported = new Set(['audio/webm', 'video/webm']);
    }
  });

  it('turns the microphone off when it goes away mid-recording', async () => {
    devices = fakeUserMedia();
    const recorders = fakeMediaRecorder();
    const { unmount } = await startRecording();
    unmount();
    expect(devices.allStopped()).toBe(true);
    expect(recorders.last.state).toBe('inactive');
  });
});
