import { FUTURE_MESSAGE_MESSAGES } from '@daybook/shared';
import { Crown, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
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

/** Where the plan is changed: the subscription section of the profile. */
export const UPGRADE_TARGET = '/profile#subscription';

/**
 * The locked "Schedule a message" (spec §2, accounts §6: gated features show a lock, a tooltip and an upgrade
 * dialog linking to /profile). The button stays focusable and opens the dialog, so keyboard and screen-reader
 * users learn why it is locked, not only those who hover.
 */
export function LockedScheduleButton() {
  const [isOpen, setIsOpen] = useState(false);
  const reasonId = useId();
  return (
    <>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            variant="outline"
            aria-describedby={reasonId}
            aria-haspopup="dialog"
            data-locked=""
            onClick={() => setIsOpen(true)}
            className="self-start text-muted-foreground"
          >
            <Lock aria-hidden="true" />
            Schedule a message
          </Button>
        </TooltipTrigger>
        <TooltipContent>{FUTURE_MESSAGE_MESSAGES.upgradeTooltip}</TooltipContent>
      </Tooltip>
      <span id={reasonId} className="sr-only">
        {FUTURE_MESSAGE_MESSAGES.upgradeTooltip}
      </span>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogContent className="max-w-sm">
          <DialogHeader>
            <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-highlight text-highlight-foreground">
              <Crown aria-hidden="true" className="size-5" />
            </span>
            <DialogTitle>{FUTURE_MESSAGE_MESSAGES.upgradeTooltip}</DialogTitle>
            <DialogDescription>
              Premium lets you write to your future self: a message, encrypted in your browser, delivered by
              e-mail or in the app on the day you choose.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="ghost">Not now</Button>
            </DialogClose>
            <Button asChild>
              <Link to={UPGRADE_TARGET} onClick={() => setIsOpen(false)}>
                See Premium
              </Link>
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
