import { MEDIA_MESSAGES } from '@daybook/shared';
import { Camera, Check, RotateCcw, SwitchCamera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { capturePhoto } from '../../../lib/media/image.ts';
import { mediaProblemMessage } from '../../../lib/media/media-problem.ts';
import { useCamera } from '../../../lib/media/use-camera.ts';
import { useObjectUrl } from '../../../lib/media/use-object-url.ts';
import { useStreamSource } from '../../../lib/media/use-stream-source.ts';

type CameraCaptureProps = {
  /** "Use Photo": the captured JPEG. */
  onUse: (photo: Blob) => void;
  onCancel: () => void;
};

/**
 * docs/product/media.md#media-recorders: a live view from the front camera (with a front/rear toggle), then the
 * captured photo with Retry or Use Photo. The camera is turned off when this goes away.
 */
export function CameraCapture({ onUse, onCancel }: CameraCaptureProps) {
  const camera = useCamera();
  const { open } = camera;
  const video = useRef<HTMLVideoElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const photoUrl = useObjectUrl(photo);
  useStreamSource(video, photo ? null : camera.stream);

  useEffect(() => {
    void open('user');
  }, [open]);

  // Keep keyboard focus inside as the controls change between live view and captured photo.
  const focusNext = () =>
    requestAnimationFrame(() =>
      container.current?.querySelector<HTMLElement>('[data-focus-next]:not([disabled])')?.focus(),
    );

  const capture = async () => {
    if (!video.current) return;
    setProblem(null);
    try {
      setPhoto(await capturePhoto(video.current));
      focusNext();
    } catch (error) {
      setProblem(mediaProblemMessage(error, MEDIA_MESSAGES.imageProcessFailed));
    }
  };

  const retry = () => {
    setPhoto(null);
    focusNext();
  };

  const use = () => {
    if (!photo) return;
    camera.close();
    onUse(photo);
  };

  const isFront = camera.facingMode === 'user';
  return (
    <div ref={container} className="flex flex-col gap-3 rounded-lg border p-3">
      <h3 className="text-sm font-semibold">{photo ? 'Your photo' : 'Take a photo'}</h3>
      {photo && photoUrl ? (
        <img src={photoUrl} alt="Captured" className="w-full rounded-md bg-black object-contain" />
      ) : camera.status === 'failed' ? null : (
        <video
          ref={video}
          autoPlay
          muted
          playsInline
          aria-label={isFront ? 'Front camera view' : 'Rear camera view'}
          className={cn('aspect-video w-full rounded-md bg-black object-cover', isFront && '-scale-x-100')}
        />
      )}
      {camera.status === 'starting' ? (
        <p role="status" className="text-sm text-muted-foreground">
          Starting the camera…
        </p>
      ) : null}
      {camera.error || problem ? (
        <Alert variant="error" role="alert">
          <p>{camera.error ?? problem}</p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {photo ? (
          <>
            <Button data-focus-next="" onClick={use}>
              <Check aria-hidden="true" />
              Use Photo
            </Button>
            <Button variant="outline" onClick={retry}>
              <RotateCcw aria-hidden="true" />
              Retry
            </Button>
          </>
        ) : camera.status === 'failed' ? (
          <Button data-focus-next="" variant="outline" onClick={() => void open(camera.facingMode)}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        ) : (
          <>
            <Button data-focus-next="" onClick={() => void capture()} disabled={camera.status !== 'live'}>
              <Camera aria-hidden="true" />
              Capture
            </Button>
            <Button
              variant="outline"
              onClick={() => void camera.switchCamera()}
              disabled={camera.status === 'starting'}
              aria-label={isFront ? 'Switch to rear camera' : 'Switch to front camera'}
            >
              <SwitchCamera aria-hidden="true" />
              {isFront ? 'Rear camera' : 'Front camera'}
            </Button>
          </>
        )}
        <Button
          variant="ghost"
          onClick={() => {
            camera.close();
            onCancel();
          }}
        >
          Cancel
        </Button>
      </div>
    </div>
  );
}
