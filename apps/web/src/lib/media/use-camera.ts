import { MEDIA_MESSAGES } from '@daybook/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cameraConstraints, type FacingMode, openStream, stopStream } from './devices.ts';
import { mediaProblemMessage } from './media-problem.ts';

export type CameraState = {
  status: 'off' | 'starting' | 'live' | 'failed';
  stream: MediaStream | null;
  facingMode: FacingMode;
  error: string | null;
};

const OFF: CameraState = { status: 'off', stream: null, facingMode: 'user', error: null };

/**
 * The camera for a photo (docs/product/media.md#media-recorders): the front camera first, a toggle to the rear one; "Failed to access
 * camera" when it cannot be opened. The camera is turned off on `close` and when the component goes away.
 */
export function useCamera() {
  const [state, setState] = useState<CameraState>(OFF);
  const streamRef = useRef<MediaStream | null>(null);
  const generation = useRef(0);

  const release = useCallback(() => {
    generation.current += 1;
    stopStream(streamRef.current);
    streamRef.current = null;
  }, []);

  const open = useCallback(
    async (facingMode: FacingMode = 'user') => {
      release();
      const ticket = generation.current;
      setState({ status: 'starting', stream: null, facingMode, error: null });
      try {
        const stream = await openStream(cameraConstraints(facingMode), MEDIA_MESSAGES.cameraFailed);
        if (ticket !== generation.current) {
          stopStream(stream);
          return;
        }
        streamRef.current = stream;
        setState({ status: 'live', stream, facingMode, error: null });
      } catch (error) {
        if (ticket !== generation.current) return;
        setState({
          status: 'failed',
          stream: null,
          facingMode,
          error: mediaProblemMessage(error, MEDIA_MESSAGES.cameraFailed),
        });
      }
    },
    [release],
  );

  const close = useCallback(() => {
    release();
    setState(OFF);
  }, [release]);

  const switchCamera = useCallback(
    () => open(state.facingMode === 'user' ? 'environment' : 'user'),
    [open, state.facingMode],
  );

  useEffect(() => release, [release]);

  return { ...state, open, close, switchCamera };
}
