import { FUTURE_SELF_AHEAD, PREMIUM_QUOTED_DAILY_ENTRIES } from '@daybook/shared';

/** docs/product/plans-billing.md#plans-prompts dashboard copy for plans and billing. */
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

/**
 * What Premium adds, most wanted first (the checkout list of docs/product/plans-billing.md#plans-features): the welcome card shows these five, the checkout
 * overlay these and the rest of that list (CheckoutOverlay.tsx, which loads later: this module is in the
 * dashboard's first screen).
 */
export const WELCOME_FEATURES = [
  'Audio and video entries',
  `Up to ${PREMIUM_QUOTED_DAILY_ENTRIES} entries a day`,
  'AI growth coach and 20 insights a day',
  `Future-self chat with you, ${FUTURE_SELF_AHEAD}`,
  'Share entries with friends',
] as const;
