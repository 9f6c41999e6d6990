import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { Button, type ButtonProps } from './button.tsx';

// Radix's dialog with its focus trap and scroll lock (about 14 KB gzip) loads when the button is first pressed:
// the dashboard's Future Self card shows one for every scheduled message, and few are cancelled (ADR 076).
const ConfirmDialog = lazy(async () => ({ default: (await import('./confirm-dialog.tsx')).ConfirmDialog }));

/**
 * A button that asks first: a destructive action is confirmed in a dialog that says what will happen (Radix's
 * dialog: focus trapped, Escape and the dismiss button step back, focus back on this button). The dialog opens
 * as soon as its code has arrived and closes once `onConfirm` settles; `onConfirm` reports its own outcome (a
 * toast), and must not reject.
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
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <Button
        {...buttonProps}
        ref={triggerRef}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => {
          setHasOpened(true);
          setOpen(true);
        }}
      >
        {children}
      </Button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={isOpen}
            onOpenChange={setOpen}
            triggerRef={triggerRef}
            title={title}
            description={description}
            confirmLabel={confirmLabel}
            dismissLabel={dismissLabel}
            onConfirm={onConfirm}
          />
        </Suspense>
      ) : null}
    </>
  );
}
