import { UserPlus, Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { useSentShares } from './api.ts';
import { ManageSharesDialog } from './ManageSharesDialog.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { ShareTrigger } from './ShareTrigger.tsx';

type OpenDialog = 'share' | 'manage' | null;

const shareCount = (count: number) => (count === 1 ? '1 share' : `${count} shares`);

export type ShareMenuProps = {
  entryId: string;
  hasMedia: boolean;
  /** A private entry (ADR 094), shared sealed (ADR 103). */
  isPrivate?: boolean | undefined;
  /** Open at once: the stand-in button was just pressed (see `ShareButton`). */
  defaultOpen?: boolean;
};

/**
 * The share button's menu and the two dialogs it opens; loaded on first use by `ShareButton` (ADR 020). The
 * "Manage shares" count is asked for when the menu opens (share queries stay fresh for 2 minutes).
 */
export function ShareMenu({ entryId, hasMedia, isPrivate = false, defaultOpen = false }: ShareMenuProps) {
  const [isMenuOpen, setIsMenuOpen] = useState(defaultOpen);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Set while a menu item opens a dialog: the closing menu must not pull focus back to its trigger then.
  const isDialogOpening = useRef(false);
  const shares = useSentShares(entryId, { enabled: isMenuOpen || dialog === 'manage' });
  const count = shares.data?.shares.length;

  const openDialog = (next: Exclude<OpenDialog, null>) => {
    isDialogOpening.current = true;
    setDialog(next);
  };
  const onDialogOpenChange = (which: Exclude<OpenDialog, null>) => (open: boolean) =>
    setDialog(open ? which : null);
  const openDialogRef = useRef<OpenDialog>(null);
  openDialogRef.current = dialog;
  // A dialog opened from a menu has no trigger of its own: focus returns to the share button, unless the
  // closing dialog handed over to the other one ("Share with someone new" in an empty Manage Sharing).
  const returnFocus = (event: Event) => {
    event.preventDefault();
    if (openDialogRef.current === null) triggerRef.current?.focus();
  };

  return (
    <>
      <DropdownMenu open={isMenuOpen} onOpenChange={setIsMenuOpen} modal={false}>
        <DropdownMenuTrigger asChild>
          <ShareTrigger ref={triggerRef} />
        </DropdownMenuTrigger>
        <DropdownMenuContent
          className="min-w-56"
          onCloseAutoFocus={(event) => {
            if (!isDialogOpening.current) return;
            isDialogOpening.current = false;
            event.preventDefault();
          }}
        >
          <DropdownMenuItem onSelect={() => openDialog('share')}>
            <UserPlus aria-hidden="true" />
            Share with someone new
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => openDialog('manage')}
            // The count is a visual badge; the name says it in words ("Manage shares (2 shares)").
            aria-label={count === undefined ? undefined : `Manage shares (${shareCount(count)})`}
          >
            <Users aria-hidden="true" />
            <span className="flex-1">Manage shares</span>
            {count !== undefined ? (
              <Badge aria-hidden="true" variant={count > 0 ? 'tint' : 'neutral'} data-testid="share-count">
                {count}
              </Badge>
            ) : null}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ShareDialog
        entryId={entryId}
        hasMedia={hasMedia}
        isPrivate={isPrivate}
        open={dialog === 'share'}
        onOpenChange={onDialogOpenChange('share')}
        onCloseAutoFocus={returnFocus}
      />
      <ManageSharesDialog
        entryId={entryId}
        open={dialog === 'manage'}
        onOpenChange={onDialogOpenChange('manage')}
        onShareNew={() => setDialog('share')}
        onCloseAutoFocus={returnFocus}
      />
    </>
  );
}
