import { Trash2 } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/**
 * The confirmation (Radix's dialog with its focus trap and scroll lock, the deletion allowance) loads when Delete is
 * first pressed: every card within its edit window shows the button, few are deleted (ADR 046).
 */
const DeleteEntryConfirm = lazy(async () => ({
  default: (await import('./DeleteEntryConfirm.tsx')).DeleteEntryConfirm,
}));

type DeleteEntryDialogProps = {
  entryId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
};

/**
 * The card's Delete button and its "Delete this reflection?" dialog (docs/product/entries.md#entries-delete, see `DeleteEntryConfirm`), which
 * opens as soon as its code has arrived.
 */
export function DeleteEntryDialog({ entryId, open, onOpenChange, onDeleted }: DeleteEntryDialogProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [hasOpened, setHasOpened] = useState(open);
  if (open && !hasOpened) setHasOpened(true);
  return (
    <>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => onOpenChange(true)}
        className="text-destructive hover:bg-destructive/10"
      >
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <DeleteEntryConfirm
            entryId={entryId}
            open={open}
            onOpenChange={onOpenChange}
            onDeleted={onDeleted}
            triggerRef={triggerRef}
          />
        </Suspense>
      ) : null}
    </>
  );
}
