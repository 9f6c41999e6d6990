import { Crown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from './button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from './dialog.tsx';
import { PREMIUM_UPGRADE_TARGET } from './upgrade-target.ts';

export type UpgradeDialogProps = {
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
