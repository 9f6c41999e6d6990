/**
 * Numbers and keys only the browser uses: timings of the interface, local-storage keys, the landing page's
 * fallback price, the quick entry's prompts and mood accents. The server never reads them, so they live here
 * rather than in the shared contract (@daybook/shared), which holds only what both sides must agree on (ADR 022).
 */

/** Shown on the landing page when pricing cannot be loaded (docs/product/plans-billing.md#plans-pricing). */
export const FALLBACK_PREMIUM_PRICE = { amount: 299, currency: 'GBP', interval: 'month' } as const;

export const PRICING_CACHE = {
  staleMs: 10 * 60_000,
  gcMs: 30 * 60_000,
  localStorageTtlMs: 10 * 60_000,
  localStorageKey: (currency: string) => `pricing_v3_${currency}`,
} as const;

export const HASH_SCROLL = { retries: 8, intervalMs: 250, extraOffsetPx: 32 } as const;

export const COPIED_STATE_MS = 2000;

export const TOOLTIP_DELAY_MS = 700;

/** docs/product/shell.md#shell-timings: toasts last 5 s by default, 4 s for the other kind. */
export const TOAST_DURATION_MS = { default: 5000, short: 4000 } as const;

/**
 * The 4 s kind (ADR 029): the brief acknowledgement of a quick action of one's own, with nothing to read twice
 * ("Link copied!", "Signed out successfully", and their failures). Every other toast keeps the 5 s default.
 */
export const BRIEF_TOAST = { duration: TOAST_DURATION_MS.short } as const;

export const STORAGE_KEYS = {
  theme: 'theme',
  journalDraft: 'journal-draft',
  affirmationDismissedDate: 'affirmation-dismissed-date',
  loginHelperDismissed: 'login-helper-dismissed',
  welcomeCardDismissed: 'welcome_card_dismissed',
  registrationPlanChoice: 'registration_plan_choice',
  registrationDate: 'registration_date',
  /** "private" when private mode was chosen on the register page, until it is set up (ADR 095). */
  registrationPrivateMode: 'registration_private_mode',
  upgradeNotification: 'upgrade_notification',
  premiumBannerDismissedUntil: 'premium_banner_dismissed_until',
  /** The id of the future-message notification whose dashboard banner was dismissed. */
  futureMessageBannerDismissed: 'future_message_banner_dismissed',
  /** "true" when the plan last loaded here ruled the welcome card out: no room is held for it (ADR 046). */
  welcomeCardRuledOutByPlan: 'welcome_card_ruled_out_by_plan',
} as const;

export const THEMES = ['light', 'dark', 'system'] as const;

export const INSPIRE_PROMPTS = [
  'What are you grateful for today?',
  'How have you grown this week?',
  'What challenge are you facing right now?',
  'What made you smile today?',
  'What are you looking forward to?',
] as const;

export const PICKER_MOOD_COUNT = 16;

/** Accent colours the entry list gives some emoji (docs/product/entries.md#entries-moods). */
export const MOOD_ACCENTS: Record<string, 'green' | 'blue' | 'purple' | 'red' | 'yellow'> = {
  '😊': 'green',
  '😔': 'blue',
  '😴': 'purple',
  '😤': 'red',
  '🤔': 'yellow',
};

/** /shared?open=<share id> opens that share's viewer: where a "New shared entry" notification leads. */
export const OPEN_SHARE_PARAM = 'open';
export const receivedSharePath = (shareId: string) =>
  `/shared?${new URLSearchParams({ [OPEN_SHARE_PARAM]: shareId })}`;
