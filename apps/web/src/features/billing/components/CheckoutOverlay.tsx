import { CreditCard, LoaderCircle, Lock, Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { BILLING_COPY, WELCOME_FEATURES } from '../copy.ts';
import { FeatureChecklist } from './FeatureChecklist.tsx';

/**
 * What Premium adds, as the checkout overlay lists it (docs/product/plans-billing.md#plans-features: the Premium card's list plus up to 25 entries a
 * day, coaching, future-self chat, export and priority support).
 */
export const OVERLAY_FEATURES = [
  ...WELCOME_FEATURES,
  'Messages to your future self',
  'Export your whole journal',
  'Generous storage for photos, voice notes and video',
  'Priority support',
] as const;

type CheckoutOverlayProps = {
  /** Back from a paid checkout (success=true) while the plan has not changed yet. */
  isProcessing: boolean;
  isStarting: boolean;
  onCheckout: () => void;
  onClose: () => void;
};

/**
 * The full-screen prompt while the intent is premium and the plan is Free (docs/product/plans-billing.md#plans-intent), or the payment being
 * confirmed after the return from checkout. Closing it leaves the smaller signup banner.
 */
export function CheckoutOverlay({ isProcessing, isStarting, onCheckout, onClose }: CheckoutOverlayProps) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        aria-busy={isProcessing}
        className="max-w-xl gap-6 p-6 sm:p-8"
        onInteractOutside={(event) => event.preventDefault()}
      >
        {isProcessing ? (
          <div className="flex flex-col items-center gap-4 py-6 text-center" role="status">
            <LoaderCircle aria-hidden="true" className="size-10 text-primary motion-safe:animate-spin" />
            <DialogTitle className="font-serif text-2xl">{BILLING_COPY.overlayProcessingTitle}</DialogTitle>
            <DialogDescription>
              Your payment went through. We're switching your account to Premium; this takes a moment.
            </DialogDescription>
          </div>
        ) : (
          <>
            <div className="flex flex-col items-center gap-3 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-tint text-tint-foreground">
                <Sparkles aria-hidden="true" className="size-6" />
              </span>
              <DialogTitle className="font-serif text-2xl sm:text-3xl">
                {BILLING_COPY.overlayTitle}
              </DialogTitle>
              <DialogDescription className="text-base">
                You chose Premium when you signed up. Finish checkout to unlock:
              </DialogDescription>
            </div>
            <FeatureChecklist features={OVERLAY_FEATURES} className="gap-2" />
            <div className="flex flex-col gap-3">
              <Button size="lg" onClick={onCheckout} disabled={isStarting} aria-busy={isStarting}>
                {isStarting ? (
                  <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
                ) : (
                  <CreditCard aria-hidden="true" />
                )}
                {BILLING_COPY.overlayCheckout}
              </Button>
              <Button variant="ghost" onClick={onClose}>
                Continue on Free for now
              </Button>
            </div>
            <p className="flex items-start justify-center gap-2 text-center text-xs text-muted-foreground">
              <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              {BILLING_COPY.overlayProviderNote}
            </p>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
