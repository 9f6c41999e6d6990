import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import type { MediaPreview } from '../types.ts';
import { MediaPlayer } from './MediaPlayer.tsx';

const KIND_LABEL = { image: 'Image', audio: 'Audio', video: 'Video' } as const;

/** "2.4 MB" / "830 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

type AttachedMediaPreviewProps = {
  preview: MediaPreview;
  /** Shows a "Remove" button when given. */
  onRemove?: () => void;
  className?: string;
};

/** The attached file before the entry is saved: what it is, a preview, and "Remove". */
export function AttachedMediaPreview({ preview, onRemove, className }: AttachedMediaPreviewProps) {
  return (
    <figure className={cn('flex flex-col gap-3 rounded-lg border bg-card p-3', className)}>
      <MediaPlayer
        kind={preview.kind}
        src={preview.url}
        label={`Attached ${preview.kind}: ${preview.name}`}
        className="max-h-64"
      />
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="min-w-0">
          <span className="font-medium">{KIND_LABEL[preview.kind]} attached</span>
          <span className="block truncate text-muted-foreground">
            {preview.name} · {formatFileSize(preview.sizeBytes)}
          </span>
        </span>
        {onRemove ? (
          <Button variant="outline" size="sm" onClick={onRemove}>
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        ) : null}
      </figcaption>
    </figure>
  );
}
