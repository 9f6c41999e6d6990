import { type ReactNode, type RefObject, useState } from 'react';
import { Button } from './button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from './dialog.tsx';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it, which gets focus back when the dialog closes (it is not a Radix trigger). */
  triggerRef: RefObject<HTMLButtonElement | null>;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  dismissLabel: string;
  onConfirm: () => Promise<void>;
};

/**
 * `ConfirmButton`'s dialog (Radix's dialog: focus trapped, Escape and the dismiss button step back), loaded when
 * the button is first pressed (ADR 076). It closes once `onConfirm` settles.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  triggerRef,
  title,
  description,
  confirmLabel,
  dismissLabel,
  onConfirm,
}: ConfirmDialogProps) {
  const [isBusy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // The action may have removed the button (a cancelled message leaves its list).
          if (!triggerRef.current?.isConnected) return;
          event.preventDefault();
          triggerRef.current.focus();
        }}
      >
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
                onOpenChange(false);
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
