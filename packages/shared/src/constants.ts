/** Every number and user-facing message the specification fixes, in one place. */

export const APP_NAME = 'Daybook';

export const CURRENCIES = ['GBP', 'USD', 'EUR', 'AUD', 'INR', 'AED', 'CNY', 'JPY', 'CAD'] as const;
export const DEFAULT_CURRENCY = 'GBP';
/** Shown on the landing page when pricing cannot be loaded (spec §8). */
export const FALLBACK_PREMIUM_PRICE = { amount: 299, currency: 'GBP', interval: 'month' } as const;
export const BILLING_INTERVALS = ['month', 'year'] as const;

export const PRICING_CACHE = {
  staleMs: 10 * 60_000,
  gcMs: 30 * 60_000,
  localStorageTtlMs: 10 * 60_000,
  localStorageKey: (currency: string) => `pricing_v3_${currency}`,
} as const;

export const HASH_SCROLL = { retries: 8, intervalMs: 250, extraOffsetPx: 32 } as const;
export const COPIED_STATE_MS = 2000;
export const TOOLTIP_DELAY_MS = 700;
export const TOAST_DURATION_MS = { default: 5000, short: 4000 } as const;

export const STORAGE_KEYS = {
  theme: 'theme',
  journalDraft: 'journal-draft',
  affirmationDismissedDate: 'affirmation-dismissed-date',
  loginHelperDismissed: 'login-helper-dismissed',
  welcomeCardDismissed: 'welcome_card_dismissed',
  registrationPlanChoice: 'registration_plan_choice',
  registrationDate: 'registration_date',
  upgradeNotification: 'upgrade_notification',
  premiumBannerDismissedUntil: 'premium_banner_dismissed_until',
} as const;

export const THEMES = ['light', 'dark', 'system'] as const;

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

export const MESSAGES = {
  notFound: 'Oops! Page not found',
  errorTitle: 'Something went wrong',
  errorBody: 'We encountered an unexpected error. Please try refreshing the page.',
  linkCopied: 'Link copied!',
  copyFailed: 'Failed to copy. Please try again.',
  premiumPlanNotFound: 'Premium plan not found',
  noPricingData: 'No pricing data available',
  invalidEmail: 'Please enter a valid email address',
  contactSent: 'Thanks! Your message has been sent.',
  contactFailed: 'We could not send your message. Please try again.',
} as const;
