import { Crown, Lock } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { Button, type ButtonProps } from './button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from './dialog.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip.tsx';

/** Where "See Premium" leads: the plan section of Profile Settings (spec §2: the upgrade target is /profile). */
export const PREMIUM_UPGRADE_TARGET = '/profile#subscription';

export type LockedFeatureButtonProps = {
  /** The button's text and accessible name, e.g. "Share". */
  label: string;
  /** Why it is locked: the tooltip, the button's accessible description and the dialog's title. */
  reason: string;
  /** What Premium adds, shown under the dialog's title. */
  description: ReactNode;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string | undefined;
  /**
   * "See Premium" as a link (the default) or as a button that navigates; the media lock has always been a
   * button, and its role is kept so that nothing relying on it changes.
   */
  upgradeAs?: 'link' | 'button';
};

/**
 * A Premium feature on a plan without it (spec §2, accounts §6): the button looks disabled, with a lock and a
 * tooltip, yet stays focusable and opens a dialog leading to the plans, so keyboard and screen-reader users learn
 * why it is locked, not only those who hover.
 */
export function LockedFeatureButton({
  label,
  reason,
  description,
  variant = 'ghost',
  size,
  className,
  upgradeAs = 'link',
}: LockedFeatureButtonProps) {
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  return (
    <>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            variant={variant}
            size={size}
            aria-haspopup="dialog"
            aria-describedby={reasonId}
            data-locked=""
            onClick={() => setOpen(true)}
            className={cn('text-muted-foreground', className)}
          >
            <Lock aria-hidden="true" />
            {label}
          </Button>
        </TooltipTrigger>
        <TooltipContent>{reason}</TooltipContent>
      </Tooltip>
      <span id={reasonId} className="sr-only">
        {reason}
      </span>
      <UpgradeDialog
        open={open}
        onOpenChange={setOpen}
        title={reason}
        description={description}
        upgradeAs={upgradeAs}
      />
    </>
  );
}

type UpgradeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  upgradeAs?: 'link' | 'button';
};

/** The upgrade dialog: why, what Premium adds, "Not now" and "See Premium" (to the plans in Profile Settings). */
export function UpgradeDialog({
  open,
  onOpenChange,
  title,
  description,
  upgradeAs = 'link',
}: UpgradeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-highlight text-highlight-foreground">
            <Crown aria-hidden="true" className="size-5" />
          </span>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="ghost">Not now</Button>
          </DialogClose>
          {upgradeAs === 'link' ? (
            <Button asChild>
              <Link to={PREMIUM_UPGRADE_TARGET} onClick={() => onOpenChange(false)}>
                See Premium
              </Link>
            </Button>
          ) : (
            <SeePremiumButton onNavigate={() => onOpenChange(false)} />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** "See Premium" as a button: closes the dialog, then goes to the plans. */
function SeePremiumButton({ onNavigate }: { onNavigate: () => void }) {
  const navigate = useNavigate();
  return (
    <Button
      onClick={() => {
        onNavigate();
        void navigate(PREMIUM_UPGRADE_TARGET);
      }}
    >
      See Premium
    </Button>
  );
}
