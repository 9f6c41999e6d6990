import { Lock } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button, type ButtonProps } from './button.tsx';
import { DeferredTooltip } from './deferred-tooltip.tsx';

export { PREMIUM_UPGRADE_TARGET } from './upgrade-target.ts';

/**
 * The dialog (Radix's dialog, its focus trap and scroll lock) loads when a locked button is first pressed: a
 * dashboard shows several locked buttons and rarely opens one (ADR 046).
 */
const UpgradeDialog = lazy(async () => ({ default: (await import('./upgrade-dialog.tsx')).UpgradeDialog }));

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
 * A Premium feature on a plan without it (docs/product/plans-billing.md#plans-locked): the button looks disabled, with a lock and a
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
  const [hasOpened, setHasOpened] = useState(false);
  const reasonId = useId();
  return (
    <>
      <DeferredTooltip content={reason}>
        <Button
          variant={variant}
          size={size}
          aria-haspopup="dialog"
          aria-describedby={reasonId}
          data-locked=""
          onClick={() => {
            setHasOpened(true);
            setOpen(true);
          }}
          className={cn('text-muted-foreground', className)}
        >
          <Lock aria-hidden="true" />
          {label}
        </Button>
      </DeferredTooltip>
      <span id={reasonId} className="sr-only">
        {reason}
      </span>
      {hasOpened ? (
        <Suspense fallback={null}>
          <UpgradeDialog
            open={open}
            onOpenChange={setOpen}
            title={reason}
            description={description}
            upgradeAs={upgradeAs}
          />
        </Suspense>
      ) : null}
    </>
  );
}
