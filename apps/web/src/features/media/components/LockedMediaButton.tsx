import { MEDIA_MESSAGES } from '@daybook/shared';
import { Crown, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';

export const PREMIUM_TARGET = '/profile#subscription';

/**
 * Spec §2: when the plan has no media at all, "Attach media" is locked — a lock icon, the tooltip
 * "Media is a Premium feature" — and opens a small dialog whose "See Premium" leads to the subscription.
 */
export function LockedMediaButton({ className }: { className?: string | undefined }) {
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  const navigate = useNavigate();
  return (
    <>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            variant="ghost"
            size="sm"
            aria-describedby={reasonId}
            aria-haspopup="dialog"
            data-locked=""
            onClick={() => setOpen(true)}
            className={cn('text-muted-foreground', className)}
          >
            <Lock aria-hidden="true" />
            Attach media
          </Button>
        </TooltipTrigger>
        <TooltipContent>{MEDIA_MESSAGES.premiumFeature}</TooltipContent>
      </Tooltip>
      <span id={reasonId} className="sr-only">
        {MEDIA_MESSAGES.premiumFeature}
      </span>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-sm">
          <DialogHeader>
            <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-highlight text-highlight-foreground">
              <Crown aria-hidden="true" className="size-5" />
            </span>
            <DialogTitle>{MEDIA_MESSAGES.premiumFeature}</DialogTitle>
            <DialogDescription>
              Premium adds images, audio and video to your reflections, with private sharing and messages to
              your future self.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="ghost">Not now</Button>
            </DialogClose>
            <Button
              onClick={() => {
                setOpen(false);
                void navigate(PREMIUM_TARGET);
              }}
            >
              See Premium
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
