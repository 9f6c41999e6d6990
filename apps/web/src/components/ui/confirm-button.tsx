import { type ReactNode, useState } from 'react';
import { Button, type ButtonProps } from './button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from './dialog.tsx';

/**
 * A button that asks first: a destructive action is confirmed in a dialog that says what will happen (Radix's
 * dialog: focus trapped, Escape and the dismiss button step back). The dialog closes once `onConfirm` settles;
 * `onConfirm` reports its own outcome (a toast), and must not reject.
 */
export function ConfirmButton({
  title,
  description,
  confirmLabel,
  dismissLabel = 'Cancel',
  onConfirm,
  children,
  ...buttonProps
}: Omit<ButtonProps, 'onClick'> & {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The button that steps back; "Cancel" unless the action is itself a cancellation. */
  dismissLabel?: string;
  onConfirm: () => Promise<void>;
}) {
  const [isOpen, setOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <Button {...buttonProps} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {children}
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{dismissLabel}</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={isBusy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
                setOpen(false);
              }
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
