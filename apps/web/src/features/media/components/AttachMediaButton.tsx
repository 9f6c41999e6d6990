import { LoaderCircle, Paperclip } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePlanFeatures } from '../../../lib/plan-features.ts';
import { mediaFlags } from '../media-flags.ts';
import type { AttachMediaControlProps } from '../types.ts';
import { LockedMediaButton } from './LockedMediaButton.tsx';

// The panel (recorder, camera, vaul's drawer, Radix's dialog) loads when first opened, not with the page (ADR 020).
const loadAttachMediaPanel = () => import('./AttachMediaPanel.tsx');
const AttachMediaPanel = lazy(async () => ({ default: (await loadAttachMediaPanel()).AttachMediaPanel }));

const ATTACHED_TEXT = { image: 'Image attached', audio: 'Audio attached', video: 'Video attached' } as const;

export type AttachMediaButtonProps = AttachMediaControlProps & { className?: string };

/**
 * "Attach media" and the panel it opens (docs/product/plans-billing.md#plans-locked). Locked, with the Premium dialog, when the plan includes
 * no media. While a file is on its way it shows a spinner (its name stays "Attach media").
 */
export function AttachMediaButton({ className, onBusyChange, ...props }: AttachMediaButtonProps) {
  const features = usePlanFeatures();
  const [open, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const statusId = useId();
  const flags = features.data ? mediaFlags(features.data) : null;

  if (flags && !flags.image && !flags.audio && !flags.video && !props.attachment) {
    return <LockedMediaButton className={className} />;
  }

  const status = isBusy
    ? 'Working on your file…'
    : props.attachment
      ? ATTACHED_TEXT[props.attachment.preview.kind]
      : '';
  const Icon = isBusy ? LoaderCircle : Paperclip;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-describedby={status ? statusId : undefined}
        data-attached={props.attachment ? '' : undefined}
        onClick={() => {
          setHasOpened(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadAttachMediaPanel().catch(() => undefined)}
        onFocus={() => void loadAttachMediaPanel().catch(() => undefined)}
        className={cn(props.attachment && 'text-primary', className)}
      >
        <Icon aria-hidden="true" className={cn(isBusy && 'motion-safe:animate-spin')} />
        Attach media
      </Button>
      <span id={statusId} className="sr-only">
        {status}
      </span>
      {hasOpened ? (
        <Suspense fallback={null}>
          <AttachMediaPanel
            {...props}
            open={open}
            onOpenChange={setOpen}
            onBusyChange={(busy) => {
              setIsBusy(busy);
              onBusyChange?.(busy);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
