import { SHARE_MESSAGES } from '@daybook/shared';
import { Crown, Lock } from 'lucide-react';
import { lazy, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { DeferredPopup } from '../../../components/ui/deferred-popup.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../components/ui/tooltip.tsx';
import { usePlanFeatures } from '../../../lib/plan-features.ts';
import { ShareTrigger } from './ShareTrigger.tsx';

// The menu and both dialogs (Radix's menu, the forms) load when the button is pointed at or focused, not with
// the dashboard (ADR 020).
const loadShareMenu = () => import('./ShareMenu.tsx');
const ShareMenu = lazy(async () => ({ default: (await loadShareMenu()).ShareMenu }));

/** The keys that open a Radix menu from its trigger. */
const MENU_OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

/** Where "See Premium" leads: the plan section of Profile Settings (spec §2: the upgrade target is /profile). */
export const SHARE_UPGRADE_TARGET = '/profile#subscription';

export type ShareButtonProps = {
  entryId: string;
  /** The entry has an attachment, so the share dialog offers "Include media". */
  hasMedia: boolean;
};

/**
 * The share action of an entry card (spec §2): a menu with "Share with someone new" and "Manage shares". On a plan
 * without sharing it is locked (see `LockedShareButton`). While the plan is loading the button is offered as
 * usual: the server refuses a share the plan does not allow, and the lock appears as soon as the plan is known.
 */
export function ShareButton({ entryId, hasMedia }: ShareButtonProps) {
  const features = usePlanFeatures();
  // Spec §6: a plan that cannot be loaded counts as Free, which cannot share.
  if (features.isError || features.data?.can_share_entries === false) return <LockedShareButton />;
  return (
    <DeferredPopup
      preload={() => loadShareMenu().catch(() => undefined)}
      openKeys={MENU_OPEN_KEYS}
      trigger={(standIn) => <ShareTrigger aria-expanded={false} {...standIn} />}
    >
      <ShareMenu entryId={entryId} hasMedia={hasMedia} defaultOpen />
    </DeferredPopup>
  );
}

/**
 * Sharing is a Premium feature: the button looks disabled, with a lock and the tooltip "Upgrade to Premium to
 * share entries", yet stays focusable and opens a dialog that leads to the plans (spec §2).
 */
export function LockedShareButton() {
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  return (
    <>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            variant="ghost"
            size="sm"
            aria-haspopup="dialog"
            aria-describedby={reasonId}
            data-locked=""
            onClick={() => setOpen(true)}
            className="text-muted-foreground"
          >
            <Lock aria-hidden="true" />
            Share
          </Button>
        </TooltipTrigger>
        <TooltipContent>{SHARE_MESSAGES.upgradeTooltip}</TooltipContent>
      </Tooltip>
      <span id={reasonId} className="sr-only">
        {SHARE_MESSAGES.upgradeTooltip}
      </span>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-sm">
          <DialogHeader>
            <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-highlight text-highlight-foreground">
              <Crown aria-hidden="true" className="size-5" />
            </span>
            <DialogTitle>{SHARE_MESSAGES.upgradeTooltip}</DialogTitle>
            <DialogDescription>
              Premium lets you share a reflection privately by e-mail with up to five people, and see when
              they have read it. It also adds audio and video entries and messages to your future self.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="ghost">Not now</Button>
            </DialogClose>
            <Button asChild>
              <Link to={SHARE_UPGRADE_TARGET} onClick={() => setOpen(false)}>
                See Premium
              </Link>
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
