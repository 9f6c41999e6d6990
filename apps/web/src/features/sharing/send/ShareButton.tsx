import { SHARE_MESSAGES } from '@daybook/shared';
import { lazy } from 'react';
import { DeferredPopup } from '../../../components/ui/deferred-popup.tsx';
import { LockedFeatureButton, PREMIUM_UPGRADE_TARGET } from '../../../components/ui/locked-feature.tsx';
import { usePlanFeatures } from '../../../lib/plan-features.ts';
import { ShareTrigger } from './ShareTrigger.tsx';

// The menu and both dialogs (Radix's menu, the forms) load when the button is pointed at or focused, not with
// the dashboard (ADR 020).
const loadShareMenu = () => import('./ShareMenu.tsx');
const ShareMenu = lazy(async () => ({ default: (await loadShareMenu()).ShareMenu }));

/** The keys that open a Radix menu from its trigger. */
const MENU_OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

/** Where "See Premium" leads: the plan section of Profile Settings (docs/product/plans-billing.md#plans-locked: the upgrade target is /profile). */
export const SHARE_UPGRADE_TARGET = PREMIUM_UPGRADE_TARGET;

export type ShareButtonProps = {
  entryId: string;
  /** The entry has an attachment, so the share dialog offers "Include media". */
  hasMedia: boolean;
  /** A private entry (ADR 094): its browser seals each share (ADR 103). */
  isPrivate?: boolean | undefined;
};

/**
 * The share action of an entry card (docs/product/sharing.md#sharing-create): a menu with "Share with someone new" and "Manage shares". On a plan
 * without sharing it is locked (see `LockedShareButton`). While the plan is loading the button is offered as
 * usual: the server refuses a share the plan does not allow, and the lock appears as soon as the plan is known.
 */
export function ShareButton({ entryId, hasMedia, isPrivate = false }: ShareButtonProps) {
  const features = usePlanFeatures();
  // docs/product/sharing.md#sharing-limits: a plan that cannot be loaded counts as Free, which cannot share.
  if (features.isError || features.data?.can_share_entries === false) return <LockedShareButton />;
  return (
    <DeferredPopup
      preload={() => loadShareMenu().catch(() => undefined)}
      openKeys={MENU_OPEN_KEYS}
      trigger={(standIn) => <ShareTrigger aria-expanded={false} {...standIn} />}
    >
      <ShareMenu entryId={entryId} hasMedia={hasMedia} isPrivate={isPrivate} defaultOpen />
    </DeferredPopup>
  );
}

/**
 * Sharing is a Premium feature: the button looks disabled, with a lock and the tooltip "Upgrade to Premium to
 * share entries", yet stays focusable and opens a dialog that leads to the plans (docs/product/plans-billing.md#plans-locked).
 */
export function LockedShareButton() {
  return (
    <LockedFeatureButton
      label="Share"
      reason={SHARE_MESSAGES.upgradeTooltip}
      description="Premium lets you share a reflection privately by e-mail with up to five people, and see when they have read it. It also adds audio and video entries and messages to your future self."
      size="sm"
    />
  );
}
