import { LoaderCircle } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import type { AttachPipeline } from '../hooks/use-attach-pipeline.ts';

const STAGE_TEXT = {
  checking: 'Checking file…',
  moderating: 'Checking content…',
} as const;

/** Screen readers hear the upload in quarter steps rather than at every progress event. */
const announcedProgress = (progress: number) => Math.floor(progress / 25) * 25;

/** The attach flow's progress, block or failure, and the low-severity notice (docs/product/moderation.md#moderation-rules). */
export function PipelineStatus({ pipeline }: { pipeline: AttachPipeline }) {
  const { stage, progress, error, notice } = pipeline;
  return (
    <>
      {stage === 'checking' || stage === 'moderating' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
          {STAGE_TEXT[stage]}
        </p>
      ) : null}
      {stage === 'uploading' ? (
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span aria-hidden="true" className="text-muted-foreground">
              Uploading… {Math.round(progress)}%
            </span>
            <Button variant="ghost" size="sm" onClick={pipeline.cancel}>
              Cancel upload
            </Button>
          </div>
          <ProgressBar label="Upload progress" value={progress} />
          <p role="status" className="sr-only">
            Uploading {announcedProgress(progress)}%
          </p>
        </div>
      ) : null}
      {error ? (
        <Alert variant="error" role="alert" data-crisis={error.isCrisis || undefined}>
          <p>{error.message}</p>
        </Alert>
      ) : null}
      {notice ? (
        <Alert variant="warning" role="status">
          <p>{notice}</p>
        </Alert>
      ) : null}
    </>
  );
}
