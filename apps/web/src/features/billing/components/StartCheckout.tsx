import { BILLING_MESSAGES, BillingInterval } from '@daybook/shared';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import {
  browserLocation,
  checkoutErrorMessage,
  createCheckout,
  useSubscriptionStatus,
} from '../../../lib/billing.ts';
import { checkoutRoute } from '../../../lib/billing-intent.ts';
import { toast } from '../../../lib/toast.ts';

/**
 * A signed-in person asking for Premium (e.g. /register?intent=premium or /login?intent=premium, or "Go Premium"):
 * straight to checkout (docs/product/plans-billing.md#plans-checkout), never back to /pricing. Already on a paid plan: the profile's
 * subscription section. A checkout that cannot start is toasted and the dashboard offers it again.
 */
export function StartCheckout() {
  const { status } = useSubscriptionStatus();
  const [searchParams] = useSearchParams();
  const hasStarted = useRef(false);
  const isFree = status?.currentPlan === 'free';
  const asked = BillingInterval.safeParse(searchParams.get('billing'));
  const billingCycle = asked.success ? asked.data : status?.billingCycle;
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    if (!isFree || !billingCycle || hasStarted.current) return;
    hasStarted.current = true;
    if (checkoutRoute('premium', true).kind !== 'checkout') return;
    createCheckout({ interval: billingCycle })
      .then((url) => browserLocation.assign(url))
      .catch((error: unknown) => {
        setHasFailed(true);
        toast.error(BILLING_MESSAGES.startCheckoutFailed, { description: checkoutErrorMessage(error) });
      });
  }, [isFree, billingCycle]);

  if (status && !isFree) return <Navigate to="/profile#subscription" replace />;
  if (hasFailed) return <Navigate to="/dashboard" replace />;
  return (
    <div role="status" className="page-container flex flex-col items-center gap-3 py-20 text-center">
      <LoaderCircle aria-hidden="true" className="size-8 text-primary motion-safe:animate-spin" />
      <p className="text-muted-foreground">Taking you to checkout…</p>
    </div>
  );
}
