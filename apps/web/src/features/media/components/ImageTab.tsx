import { Camera } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import type { MediaSource } from '../hooks/use-attach-pipeline.ts';
import { CameraCapture } from './CameraCapture.tsx';
import { FilePickerButton } from './FilePickerButton.tsx';

type ImageTabProps = {
  onSource: (source: MediaSource) => void;
  isBusy: boolean;
  /** While the live camera view is open (the panel then stays open on an outside click). Stable. */
  onCameraChange: (isOpen: boolean) => void;
};

/** docs/product/media.md#media-checks: a file up to 5 MB, or a photo from the camera. */
export function ImageTab({ onSource, isBusy, onCameraChange }: ImageTabProps) {
  const [isCameraOpen, setCamera] = useState(false);
  useEffect(() => {
    onCameraChange(isCameraOpen);
  }, [isCameraOpen, onCameraChange]);
  useEffect(() => () => onCameraChange(false), [onCameraChange]);

  if (isCameraOpen) {
    return (
      <CameraCapture
        onCancel={() => setCamera(false)}
        onUse={(photo) => {
          setCamera(false);
          onSource({ kind: 'image', blob: photo, name: 'Photo', origin: 'camera' });
        }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        A JPEG, PNG, WebP or GIF image up to 5 MB. Large pictures are resized to 1920 pixels.
      </p>
      <div className="flex flex-wrap gap-2">
        <FilePickerButton
          kind="image"
          label="Choose image"
          disabled={isBusy}
          onPick={(file) => onSource({ kind: 'image', blob: file, name: file.name, origin: 'file' })}
        />
        <Button variant="outline" onClick={() => setCamera(true)} disabled={isBusy}>
          <Camera aria-hidden="true" />
          Take photo
        </Button>
      </div>
    </div>
  );
}
