import { type RefObject, useEffect } from 'react';

/** Shows a live camera stream in a <video> (React has no prop for `srcObject`). */
export function useStreamSource(video: RefObject<HTMLVideoElement | null>, stream: MediaStream | null): void {
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = stream;
    return () => {
      element.srcObject = null;
    };
  }, [video, stream]);
}
