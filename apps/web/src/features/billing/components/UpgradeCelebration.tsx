import { PartyPopper } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { BILLING_COPY, WELCOME_FEATURES } from '../copy.ts';

/** Basic, as the dashboard's welcome copy lists it (docs/product/plans-billing.md#plans-features; how Basic is obtained is not shown). */
const BASIC_FEATURES = ['Image entries', 'Enhanced mood tracking', 'Priority support'] as const;

/** What "Welcome to {plan}!" lists: Premium's first four, Basic's three. */
function celebrationFeatures(planName: string): readonly string[] {
  if (planName === 'Premium') return WELCOME_FEATURES.slice(0, 4);
  if (planName === 'Basic') return BASIC_FEATURES;
  return [];
}

/** "Welcome to {plan}!" after an upgrade (docs/product/plans-billing.md#plans-prompts); closing it removes the stored notice. */
export function UpgradeCelebration({ planName, onClose }: { planName: string; onClose: () => void }) {
  const features = celebrationFeatures(planName);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="items-center text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-tint text-tint-foreground">
          <PartyPopper aria-hidden="true" className="size-7" />
        </span>
        <DialogHeader className="items-center pr-0">
          <DialogTitle className="font-serif text-2xl">{BILLING_COPY.celebrationTitle(planName)}</DialogTitle>
          <DialogDescription>Thank you for upgrading. Your new features are ready now.</DialogDescription>
        </DialogHeader>
        {features.length > 0 ? (
          <ul className="flex flex-col gap-1 text-sm">
            {features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        ) : null}
        <Button size="lg" onClick={onClose} className="self-stretch">
          {BILLING_COPY.celebrationStart}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
