import { BASIC_FEATURES, CHECKOUT_FEATURES } from '../../lib/pricing/plans.ts';

/** Spec §9 dashboard copy for plans and billing. */
export const BILLING_COPY = {
  overlayTitle: 'Complete Your Premium Journey',
  overlayProcessingTitle: 'Processing Your Payment',
  overlayCheckout: 'Complete Checkout Now',
  overlayProviderNote:
    'Payment is processed securely by our card payment provider. Daybook never sees or stores your card details.',
  bannerTitle: 'Complete Your Premium Signup',
  bannerGoToCheckout: 'Go to Checkout',
  bannerRemindLater: 'Remind me later',
  welcomeExplore: 'Explore Premium',
  celebrationTitle: (plan: string) => `Welcome to ${plan}!`,
  celebrationStart: 'Start Exploring',
} as const;

/** What Premium adds, as the checkout overlay lists it (lib/pricing/plans.ts). */
export const OVERLAY_FEATURES = CHECKOUT_FEATURES;

/** The welcome card's five features. */
export const WELCOME_FEATURES = OVERLAY_FEATURES.slice(0, 5);

/** What the "Welcome to {plan}!" celebration lists for a plan: Premium's first four, Basic's three. */
export function celebrationFeatures(planName: string): readonly string[] {
  if (planName === 'Premium') return OVERLAY_FEATURES.slice(0, 4);
  if (planName === 'Basic') return BASIC_FEATURES;
  return [];
}
