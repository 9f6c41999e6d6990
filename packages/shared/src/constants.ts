/**
 * Every number and user-facing message the specification fixes that the server and the browser both rely on.
 * Values only the browser reads live in apps/web/src/lib/constants.ts (ADR 022).
 */

export const APP_NAME = 'Daybook';

export const CURRENCIES = ['GBP', 'USD', 'EUR', 'AUD', 'INR', 'AED', 'CNY', 'JPY', 'CAD'] as const;
export const DEFAULT_CURRENCY = 'GBP';
export const BILLING_INTERVALS = ['month', 'year'] as const;

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

export const PASSWORD_RULES = { minLength: 8, maxLength: 128, loginInputMinLength: 6 } as const;

export const LOCKOUT = {
  maxAttempts: 5,
  windowMinutes: 15,
  lockoutDurationMinutes: 15,
  warnAtRemaining: 2,
} as const;

export const AUTH_TIMINGS = {
  verificationLinkMinutes: 60,
  resetLinkMinutes: 60,
  emailExpectedWithinMinutes: 2,
  loginHelperDelayMs: 10_000,
  checkoutRedirectDelayMs: 500,
  sessionDays: 30,
} as const;

export const ACCOUNT_DELETION = { graceDays: 30, reasonMaxLength: 500 } as const;
export const AVATAR = { maxBytes: 5 * 1024 * 1024, sizePx: 256 } as const;
export const FULL_NAME_MAX_LENGTH = 100;

export const AUTH_MESSAGES = {
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  passwordNeedsUppercase: 'Password must contain at least one uppercase letter',
  passwordNeedsNumber: 'Password must contain at least one number',
  passwordTooCommon:
    'This password is one of the most common passwords. Please choose a less predictable one.',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'Please accept the Terms of Service to continue',
  emailAlreadyExists: 'This email is already registered. Please use the login page to sign in.',
  emailNotConfirmed:
    'This email is registered but not confirmed. Please check your inbox for the confirmation email.',
  spamFolderHint: "Can't find it? Check your spam or junk folder.",
  registrationFailed: 'Registration failed. Please try again.',
  accountCreateFailed: 'Failed to create account.',
  premiumIntentNotSaved:
    "Warning: Premium intent may not be saved. Please contact support if checkout doesn't appear.",
  invalidCredentials: 'Invalid email or password',
  attemptsRemaining: (n: number) => `${n} attempt${n === 1 ? '' : 's'} remaining before lockout`,
  lockedOut: (minutes: number) =>
    `Too many failed login attempts... try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  lockedOutToast: 'Account temporarily locked for security',
  loginStatusUnavailable: 'Unable to verify login status. Please try again.',
  accountDisabled: 'Your account is currently disabled. Please contact support for assistance.',
  emailNotVerifiedAtLogin:
    'Please confirm your email address before logging in. Check your inbox for the link.',
  verificationSent: 'We sent you a new confirmation link.',
  verificationLinkExpired: 'This confirmation link has expired. Request a new one below.',
  verificationLinkInvalid: 'This confirmation link is not valid. Request a new one below.',
  resetRequested: 'If an account exists for that email, we sent a link to reset your password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordResetDone: 'Your password has been reset. Please log in with your new password.',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  emailChangeSent: 'Check your new inbox: we sent a link to confirm the change.',
  emailInUse: 'That email is already in use by another account.',
  signedOut: 'Signed out successfully',
  signOutFailed: 'Error signing out',
  notAuthenticated: 'Not authenticated',
  sessionExpired: 'Your session has ended. Please log in again.',
  avatarTooLarge: 'Images must be 5 MB or smaller',
  avatarNotImage: 'Please choose a JPEG, PNG, WebP or GIF image',
} as const;

export const DELETION_MESSAGES = {
  scheduled: 'Account deletion scheduled',
  scheduledDescription: 'You have 30 days to cancel this request.',
  cancelled: 'Account deletion cancelled',
  cancelledDescription: 'Your account and data are safe.',
  cancelledRestored: 'Account deletion cancelled and subscription restored',
  cancelledRestoredDescription: 'Your subscription will continue normally.',
  cancelledResubscribeDescription: 'Your subscription has ended. Visit the subscription page to renew.',
  scheduleFailed: 'Failed to schedule deletion',
  cancelFailed: 'Failed to cancel deletion',
  reasonTooLong: 'Please keep the reason under 500 characters',
} as const;

/** Free plan defaults (docs/product/plans-billing.md#plans-features), used when the plan cannot be loaded. */
export const FREE_PLAN_FEATURES = {
  text_entries: true,
  image_entries: true,
  audio_entries: false,
  video_entries: false,
  daily_entry_limit: 3,
  ai_insights_limit: 2,
  ai_coaching_limit: 1,
  ai_future_chat_limit: 1,
  can_share_entries: false,
  can_send_future_messages: false,
} as const;

/**
 * Premium's daily entry limit as the copy quotes it (docs/product/entries.md#entries-create: "premium quoted up to 25 a day"; the plan rows in
 * the database hold the number the server applies). Said wherever a page offers more entries a day.
 */
export const PREMIUM_QUOTED_DAILY_ENTRIES = 25;

export const ENTRY_LIMITS = {
  maxChars: 5000,
  counterFromChars: 4000,
  truncateAt: 200,
  pageSize: 5,
  editWindowHours: 12,
  editWarningMinutes: 60,
  ageRecheckMs: 60_000,
  savedIndicatorMs: 2000,
  blurCollapseMs: 300,
  crisisToastMs: 8000,
  dailyDeletionLimit: 5,
  scrollTopAfterEntries: 5,
  /**
   * Entries per page of search candidates. Search reads every entry of the range, page after page (ADR 069: the
   * spec's "up to 500" left older entries unfindable).
   */
  searchPageSize: 1000,
} as const;

export const ENCRYPTION = {
  version: 1,
  pbkdf2Iterations: 100_000,
  ivBytes: 12,
  saltRetryDelaysMs: [500, 1000],
  sessionStorageKey: (userId: string) => `daybook-key-${userId}`,
} as const;

export const ENTRY_MESSAGES = {
  empty: 'Please add some text or media',
  contentEmpty: 'Entry content cannot be empty',
  tooLong: 'Entries can be at most 5,000 characters',
  created: 'Entry created successfully!',
  savedCheck: 'Saved ✓',
  createFailed: 'Failed to create entry. Please try again.',
  saveFailed: 'Failed to save entry',
  updated: 'Entry updated successfully',
  updateFailed: 'Failed to update entry',
  deleted: 'Reflection deleted',
  deleteFailed: 'Failed to delete reflection',
  deleteConfirm: 'Delete this reflection?',
  deletionLimitReached: 'Daily deletion limit reached',
  oneDeletionLeft: 'You can delete 1 more reflection today',
  editWindowExpired: 'This entry can no longer be edited (12-hour limit expired)',
  dailyLimitReached: (limit: number) => `Daily limit reached (${limit} entries/day). Try again tomorrow.`,
  encryptionUnavailable: 'Encryption unavailable in this browser',
  encryptionNotAvailable: 'Encryption not available in this browser',
  encryptFailed: 'Failed to encrypt entry. Please try again.',
  insecureContext:
    'Encryption needs a secure connection. Open Daybook over HTTPS, or on this computer at http://localhost, to read and write entries.',
  saltFetchFailed: 'Failed to fetch encryption salt after 3 attempts',
  saltInvalid: 'Invalid salt response from server',
  decryptionFailed: '[Decryption failed - please contact support]',
  emptyList: 'No entries yet — write your first one above',
  sharedDeletionReason: 'User deleted shared entry',
  invalidCiphertext: 'The entry could not be read. Please try again.',
  /** docs/product/search.md#search-rules: the dashboard search without a session (other signed-in calls say AUTH_MESSAGES.notAuthenticated). */
  searchNotAuthenticated: 'User not authenticated',
} as const;

export const MODERATION_MESSAGES = {
  crisis:
    "It sounds like you're going through a lot. You don't have to face it alone: call or text 988 (Suicide & Crisis Lifeline, US) or call 116 123 (Samaritans, UK and Ireland), or your local emergency number.",
  entryHigh: 'This content cannot be submitted. Please revise to follow community guidelines.',
  entryMedium: 'Please revise your entry to be more appropriate.',
  entryLow: 'Please be mindful of your language.',
} as const;

/** The 19 mood tags (docs/product/entries.md#entries-moods); the quick entry picker offers the first 16. */
export const MOODS = [
  { label: 'Amazing', emoji: '😄' },
  { label: 'Happy', emoji: '😊' },
  { label: 'Calm', emoji: '😌' },
  { label: 'Neutral', emoji: '😐' },
  { label: 'Down', emoji: '😔' },
  { label: 'Anxious', emoji: '😰' },
  { label: 'Sad', emoji: '😢' },
  { label: 'Angry', emoji: '😤' },
  { label: 'Excited', emoji: '🎉' },
  { label: 'Celebrating', emoji: '🥳' },
  { label: 'Proud', emoji: '😎' },
  { label: 'Grateful', emoji: '🙏' },
  { label: 'Focused', emoji: '🎯' },
  { label: 'Productive', emoji: '💪' },
  { label: 'Tired', emoji: '😴' },
  { label: 'Stressed', emoji: '😫' },
  { label: 'Peaceful', emoji: '🕊️' },
  { label: 'Joyful', emoji: '🌟' },
  { label: 'Reflective', emoji: '🤔' },
] as const;

export const MEDIA_TYPES = ['image', 'audio', 'video'] as const;

export const MEDIA_LIMITS = {
  image: { maxBytes: 5 * 1024 * 1024, maxSidePx: 1920, quality: 0.8, cameraQuality: 0.95 },
  audio: { maxBytes: 25 * 1024 * 1024, maxSeconds: 120 },
  video: { maxBytes: 100 * 1024 * 1024, maxSeconds: 60, recordWidth: 1280, recordHeight: 720 },
  /**
   * A PDF an imported entry carries (ADR 088): kept and offered for download, never written in the app. Its plan
   * permission is the photo's: a document is what a person would otherwise have photographed.
   */
  pdf: { maxBytes: 25 * 1024 * 1024 },
  frames: { count: 5, maxWidth: 640, maxHeight: 480, quality: 0.7, timeoutMs: 5000 },
  /** Images with more pixels than this are refused before decoding (decompression bombs). */
  maxImagePixels: 50_000_000,
  signedUrlSeconds: 3600,
  signedUrlStaleMs: 50 * 60_000,
  signedUrlGcMs: 55 * 60_000,
  draftMaxAgeHours: 24,
  /**
   * Image thumbnails (ADR 044): WebP, the longest side at most 320 px (sharp on 2x screens up to 160 CSS px).
   * Their links are signed at the start of a 6-hour window and last 12 hours, so one URL serves a whole window
   * from the browser's cache; the browser keeps a link 5 hours, so it always has an hour or more left.
   */
  thumbnail: {
    maxSidePx: 320,
    quality: 70,
    windowSeconds: 6 * 3600,
    urlSeconds: 12 * 3600,
    staleMs: 5 * 3600_000,
    gcMs: 5.5 * 3600_000,
  },
} as const;

export const MEDIA_MIME_TYPES = {
  image: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  audio: [
    'audio/webm',
    'audio/ogg',
    'audio/mpeg',
    'audio/mp4',
    'audio/x-m4a',
    'audio/wav',
    'audio/x-wav',
    'audio/aac',
  ],
  video: ['video/webm', 'video/mp4', 'video/quicktime'],
} as const;

export const MEDIA_MESSAGES = {
  invalidImage: 'Please select a valid image file',
  imageTooLarge: 'Image size exceeds 5MB limit',
  imageProcessFailed: 'Failed to process image',
  imageLoadFailed: 'Failed to load image file',
  invalidAudio: 'Please select a valid audio file',
  audioTooLong: 'Audio duration exceeds 120 seconds limit',
  audioTooLarge: 'Audio size exceeds 25MB limit',
  audioLoadFailed: 'Failed to load audio file',
  invalidVideo: 'Please select a valid video file',
  videoTooLong: 'Video duration exceeds 60 seconds limit',
  videoTooLarge: 'Video size exceeds 100MB limit',
  videoLoadFailed: 'Failed to load video file',
  /** An imported PDF (ADR 088); no entry written here takes one. */
  invalidPdf: 'This is not a valid PDF file',
  pdfTooLarge: 'PDF size exceeds 25MB limit',
  frameTimeout: 'Failed to load video',
  imageTooManyPixels: 'This image is too large to process',
  imageHigh: 'This image contains inappropriate content and cannot be uploaded.',
  imageMedium: 'This image may contain inappropriate content. Please choose a different image.',
  imageLow: 'Please ensure your image follows community guidelines.',
  videoHigh: 'This video contains inappropriate content and cannot be uploaded.',
  videoMedium: 'This video may contain inappropriate content. Please choose a different video.',
  uploadFailed: (message: string) => `Failed to upload file: ${message}`,
  saveFailed: 'Failed to save media file. Please try again.',
  notAllowedByPlan: (kind: string) => `Your plan does not include ${kind} entries`,
  premiumFeature: 'Media is a Premium feature',
  unavailable: 'Media unavailable',
  unsupported: 'Unsupported media type',
  draftNotFound: 'That upload was not found. Please attach the file again.',
  linkInvalid: 'This media link is invalid or has expired',
  cameraFailed: 'Failed to access camera',
  microphoneFailed: 'Failed to access microphone',
  cameraMicrophoneFailed: 'Failed to access camera/microphone',
} as const;

/** Sharing limits (docs/product/sharing.md#sharing-limits, docs/design.md). */
export const SHARE_LIMITS = {
  maxRecipients: 5,
  noteMaxChars: 300,
  maxResends: 3,
  thankYouMaxChars: 500,
  reportDetailsMaxChars: 2000,
  previewChars: 100,
  expiryDays: 30,
  popoverItems: 5,
  receivedPageSize: 20,
  /** Share queries are stale after 2 minutes; the token view after 5 and is not retried. */
  staleMs: 120_000,
  viewStaleMs: 300_000,
} as const;

export const NOTIFICATION_LIMITS = {
  pageSize: 20,
  popoverItems: 5,
  /** Badges show "9+" above this. */
  badgeMax: 9,
  /** Stale after a minute and refetched every 60 s, never on focus. */
  staleMs: 60_000,
  refetchMs: 60_000,
} as const;

/** Report reasons (docs/product/sharing.md#sharing-report), value → label. */
export const REPORT_REASONS = [
  { value: 'spam', label: 'Spam or unwanted content' },
  { value: 'harassment', label: 'Harassment or bullying' },
  { value: 'inappropriate', label: 'Inappropriate content' },
  { value: 'privacy', label: 'Privacy concerns' },
  { value: 'other', label: 'Other' },
] as const;

/** Every message of sharing, thank-you, report and notifications the spec names (docs/product/sharing.md, docs/product/notifications.md). */
export const SHARE_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  duplicateEmail: 'This email has already been added',
  maxRecipients: 'Maximum 5 recipients reached',
  selfShare: 'You cannot share an entry with yourself',
  recipientRequired: 'Add at least one recipient',
  consentRequired: 'Please confirm you have permission to email these contacts',
  consentLabel: 'I have permission to email these contacts',
  noteHigh: 'This note contains inappropriate content. Please revise to follow community guidelines.',
  noteMedium: 'Please revise your note to be more appropriate.',
  thankYouHigh: 'This message contains inappropriate content. Please revise to follow community guidelines.',
  thankYouMedium: 'Please revise your message to be more appropriate.',
  /** docs/product/moderation.md#moderation-crisis: names the lifeline by call and by text and ends "Your safety matters." */
  thankYouCrisis:
    "It sounds like you may be going through something difficult. You don't have to face it alone: call or text 988 to reach the Suicide & Crisis Lifeline (US), or call 116 123 (Samaritans, UK and Ireland), or your local emergency number. Your safety matters.",
  upgradeTooltip: 'Upgrade to Premium to share entries',
  shared: 'Shared successfully',
  shareFailed: 'Failed to share',
  revoked: 'Share revoked',
  revokedDescription: 'This share is no longer accessible',
  revokeFailed: 'Failed to revoke',
  revokeConfirm: 'Revoke access?',
  resent: 'Email sent',
  resentDescription: 'Notification email has been resent',
  resendFailed: 'Failed to resend',
  thankYouSent: 'Thank you sent',
  thankYouSentDescription: 'Your message has been delivered',
  thankYouFailed: 'Failed to send',
  reported: 'Report submitted',
  reportedDescription: 'Thanks for helping keep Daybook safe.',
  reportFailed: 'Failed to report',
  reportFooter: 'Reports are reviewed by our team. False reports may result in account restrictions.',
  shareRevokedBadge: 'This share has been revoked',
  shareExpiredBadge: 'This share has expired',
  entryDeletedTitle: 'Reflection No Longer Available',
  entryDeletedBody: 'The author has removed this shared reflection.',
  notFound: 'Share not found or no longer available',
  noShares: 'No shares yet',
  noNotifications: 'No notifications yet',
  newShareToast: 'New share received',
  newShareToastDescription: 'Click the share icon to view your new entry',
  notAuthenticated: 'Not authenticated',
  mediaUnavailable: 'Media unavailable',
  unsupportedMedia: 'Unsupported media type',
} as const;

/** Messages to one's future self (docs/product/future-letters.md#future-letters-card; docs/design.md#design-open-values: 5 minutes ahead at the earliest, 10 years at most). */
export const FUTURE_MESSAGE_LIMITS = {
  subjectMaxChars: 200,
  messageMaxChars: 5000,
  upcomingShown: 3,
  earliestAheadMs: 5 * 60_000,
  latestAheadYears: 10,
  pageSize: 20,
  /** Delivery attempts before a message ends as failed. */
  maxAttempts: 5,
} as const;

export const FUTURE_MESSAGE_MESSAGES = {
  missingFields: 'Missing fields: Please fill in all fields',
  scheduled: (date: string) => `Scheduled! Your message will be sent on ${date}`,
  scheduleFailed: 'Failed to schedule message',
  encryptionUnavailable: 'Error: Encryption unavailable in this browser',
  cancelled: 'Cancelled.',
  upgradeTooltip: 'Upgrade to Premium to send future messages',
  tooSoon: 'Choose a time at least 5 minutes from now',
  tooLate: 'Choose a time within the next 10 years',
  bannerTitle: 'Message from your past self arrived!',
  readNow: 'Read now',
  subjectTooLong: `The subject is limited to ${FUTURE_MESSAGE_LIMITS.subjectMaxChars} characters`,
  messageTooLong: `The message is limited to ${FUTURE_MESSAGE_LIMITS.messageMaxChars.toLocaleString('en-GB')} characters`,
} as const;

/**
 * Caps on everything that sends e-mail or spends the operator's money (ADR 059), set where a real
 * person never meets them. Daily caps count per user in the user's own time zone day, except the cap per
 * recipient address, which counts across all senders in the UTC day (an address has no time zone of its own).
 * The per-route limits count requests per client and window, across every instance.
 */
export const SENDING_LIMITS = {
  daily: {
    /** E-mails, not requests: a share to 5 people is 5; a resend is 1. */
    shareEmails: 100,
    /** Share e-mails one address receives in a day, from every sender together. */
    shareEmailsToOneAddress: 20,
    thankYouNotes: 50,
    reports: 20,
    futureMessages: 50,
    aiAssist: 100,
  },
  /** Requests per client per window (multiplied by RATE_LIMIT_SCALE, like every per-route limit). */
  perRoute: {
    /** Sharing and resending together. */
    shareEmails: { max: 30, timeWindow: '10 minutes', label: 'share requests' },
    thankYouNotes: { max: 20, timeWindow: '10 minutes', label: 'thank-you notes' },
    reports: { max: 10, timeWindow: '10 minutes', label: 'reports' },
    futureMessages: { max: 20, timeWindow: '10 minutes', label: 'future messages' },
    aiAssist: { max: 30, timeWindow: '1 minute', label: 'AI Assist requests' },
  },
} as const;

export type DailyCap = Exclude<keyof typeof SENDING_LIMITS.daily, 'shareEmailsToOneAddress'>;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The 429 RATE_LIMITED messages of SENDING_LIMITS: what the cap is and when it resets. */
export const SENDING_MESSAGES = {
  daily: {
    shareEmails: (max: number) =>
      `You have sent ${plural(max, 'share e-mail', 'share e-mails')} today, the most for one day. You can share again tomorrow.`,
    thankYouNotes: (max: number) =>
      `You have sent ${plural(max, 'thank-you note', 'thank-you notes')} today, the most for one day. You can send another tomorrow.`,
    reports: (max: number) =>
      `You have sent ${plural(max, 'report', 'reports')} today, the most for one day. You can report again tomorrow.`,
    futureMessages: (max: number) =>
      `You have scheduled ${plural(max, 'future message', 'future messages')} today, the most for one day. You can schedule another tomorrow.`,
    aiAssist: (max: number) =>
      `You have used AI Assist ${plural(max, 'time', 'times')} today, the most for one day. You can use it again tomorrow.`,
  } satisfies Record<DailyCap, (max: number) => string>,
  /** A share to several people that would pass the daily cap: how many are left today. */
  shareEmailsLeft: (max: number, left: number) =>
    `You can send ${plural(left, 'more share e-mail', 'more share e-mails')} today (at most ${max} a day). Remove some recipients, or share again tomorrow.`,
  shareEmailsToOneAddress: (email: string, max: number) =>
    `${email} has already received ${plural(max, 'shared entry', 'shared entries')} today, the most one address receives in a day. You can share with this address again after midnight UTC.`,
  /** A per-route limit (SENDING_LIMITS.perRoute); `after` is when its window ends, in words ("9 minutes"). */
  perRoute: (label: string, max: number, timeWindow: string, after: string) =>
    `Too many ${label} in a short time: at most ${max} within ${timeWindow}. You can try again in ${after}.`,
} as const;

/** Plans and billing (docs/product/plans-billing.md#plans-checkout; ADR 026). Checkout errors exactly as the spec words them. */
export const BILLING_MESSAGES = {
  planNotFound: 'Plan not found',
  planNotAvailable: 'This plan is not available for purchase yet',
  checkoutSessionFailed: 'Failed to create checkout session',
  checkoutFailed: (message: string) => `Checkout failed: ${message}`,
  /** The dashboard's toast when starting checkout fails. */
  startCheckoutFailed: 'Failed to start checkout. Please try again.',
  subscriptionLoadFailed: 'Failed to load subscription status',
  intentNotSaved:
    "Warning: Premium intent may not be saved. Please contact support if checkout doesn't appear.",
  welcomeToPremium: 'Welcome to Premium',
  /** The local test checkout's answer to the decline test card (Stripe's own wording). */
  cardDeclined: 'Your card was declined.',
  cardNumberInvalid: 'Your card number is invalid.',
  expiryInvalid: "Your card's expiration date is invalid.",
  cvcInvalid: "Your card's security code is invalid.",
  nameRequired: 'Please enter the name on the card',
  checkoutSessionNotFound: 'Checkout session not found',
  checkoutSessionClosed: 'This checkout session has already been completed or has expired',
  noSubscription: 'You have no subscription to manage',
  alreadySubscribed: 'You already have an active subscription',
  portalFailed: 'Failed to open the billing portal',
  subscriptionUpdateFailed: 'Failed to update your subscription',
  localCheckoutTitle: 'Test checkout',
  localCheckoutNotice: 'This is a test checkout: no card is charged and no money is taken.',
  /** The account notification on a plan change. */
  planChangedTitle: (planName: string) => `You are now on ${planName}`,
} as const;

/** Stripe's test card numbers, accepted by the local test checkout (and by Stripe in test mode). */
export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;

/** The seeded test accounts' plans (/test-accounts, TEST_TOOLS only). */
export const TEST_ACCOUNT_PLANS = ['free', 'basic', 'premium'] as const;

/** docs/product/plans-billing.md#plans-timings timings for plans and billing. */
export const BILLING_TIMINGS = {
  subscriptionStaleMs: 5 * 60_000,
  subscriptionRetryDelayMs: 2_000,
  intentStaleMs: 2 * 60_000,
  planFeaturesStaleMs: 5 * 60_000,
  planFeaturesKeptMs: 10 * 60_000,
  checkoutRedirectAfterSignUpMs: 500,
  premiumBannerSnoozeMs: 24 * 60 * 60_000,
  upgradeNoticeValidMs: 5 * 60_000,
  welcomeWindowDays: 7,
} as const;
/** Streak rules (docs/product/dashboard.md#dashboard-streak: milestones on both streak cards). */
export const STREAK_GOAL = 7;
export const STREAK_MILESTONES = [7, 14, 30, 100] as const;
export type StreakMilestone = (typeof STREAK_MILESTONES)[number];
/** Days shown in the streak card's row of dots: this week, Monday to Sunday (ADR 062). */
export const STREAK_ROW_DAYS = 7;

/** The streak card's messages, chosen by the current streak (docs/product/dashboard.md#dashboard-streak), exactly as the spec words them. */
export const STREAK_MESSAGES = {
  start: 'Start your streak today!',
  greatStart: 'Great start! Keep it up!',
  momentum: "You're building momentum!",
  oneWeek: 'One week strong!',
  onFire: "You're on fire!",
  almostRecord: 'Almost a new record!',
  legendary: 'Legendary streak!',
  lastStreak: (days: number) => `Your last streak was ${days} days. Start a new one!`,
  headline: (days: number) => `${days}-day streak`,
  goalText: (thisWeek: number, goal: number) => `${thisWeek}/${goal} days`,
  entryMade: 'Entry made',
  noEntry: 'No entry',
} as const;

/** Mood sets (docs/product/dashboard.md#dashboard-moods): any tag in neither list is neutral. */
export const POSITIVE_MOODS = [
  'Amazing',
  'Happy',
  'Calm',
  'Excited',
  'Celebrating',
  'Proud',
  'Grateful',
  'Focused',
  'Productive',
] as const;
export const NEGATIVE_MOODS = ['Down', 'Anxious', 'Sad', 'Angry', 'Stressed'] as const;

/** Insights overview card (docs/product/dashboard.md#dashboard-moods). */
export const INSIGHTS_MESSAGES = {
  moodTitle: 'Mood (7 days)',
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
  noData: 'No data',
} as const;

/** Days the mood ring looks back over, today included (docs/product/dashboard.md#dashboard-moods: "the last 7 days"). */
export const MOOD_RING_DAYS = 7;

/** The daily affirmation's 10 messages (docs/product/dashboard.md#dashboard-affirmation), one per day of year in turn. */
export const AFFIRMATIONS = [
  'You showed up today, and that already counts.',
  'Your feelings are valid, all of them, even the untidy ones.',
  'Small steps still move you forward.',
  'You are allowed to rest without earning it.',
  'What you write here is for you alone: be honest, be kind.',
  'You have come through hard days before, and you can again.',
  'Progress is not a straight line, and that is fine.',
  'Notice one good thing today, however small.',
  'You are more than your most difficult moment.',
  'Be as gentle with yourself as you would be with a friend.',
] as const;
// AI features (ADR 031): their own module, so that only the pages that use them load them (ADR 032).
export { AI_LIMITS, AI_MESSAGES, FUTURE_SELF_AHEAD } from './ai-constants.ts';
export { TWO_FACTOR, TWO_FACTOR_MESSAGES } from './two-factor-constants.ts';
