import { z } from 'zod';

/** Every error code the API can answer with, and the HTTP status it travels with. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  EMAIL_ALREADY_EXISTS: 409,
  EMAIL_NOT_CONFIRMED: 409,
  EMAIL_NOT_VERIFIED: 403,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 423,
  ACCOUNT_DISABLED: 403,
  INVALID_TOKEN: 400,
  /**
   * Two-step sign-in (ADR 075): a wrong or reused code, its lock, the pending state run out, set-up states. A wrong
   * code is a 400, not a 401: the web app reads a 401 from a signed-in call as the end of its session.
   */
  TWO_FACTOR_CODE_INVALID: 400,
  TWO_FACTOR_LOCKED: 423,
  TWO_FACTOR_CHALLENGE_EXPIRED: 401,
  TWO_FACTOR_ALREADY_ENABLED: 409,
  TWO_FACTOR_NOT_ENABLED: 409,
  TWO_FACTOR_SETUP_MISSING: 409,
  /**
   * Passkeys (ADR 080): an answer that does not check out, a passkey no account has, a challenge used or run out (a
   * 400 too: adding a passkey is a signed-in call), the profile's limits, and an APP_URL no passkey can belong to.
   */
  PASSKEY_NOT_VERIFIED: 400,
  PASSKEY_UNKNOWN: 400,
  PASSKEY_CHALLENGE_EXPIRED: 400,
  PASSKEY_ALREADY_ADDED: 409,
  PASSKEY_LIMIT_REACHED: 409,
  PASSKEY_LAST_WAY_IN: 409,
  PASSKEYS_UNAVAILABLE: 409,
  /**
   * Private mode's key (ADR 089): none set up yet, one already set up, and a proof of holding the key that does not
   * match the stored one (the browser holds a key from before a fresh start): a 409, since only unlocking again helps.
   */
  PRIVATE_MODE_NOT_SET_UP: 404,
  PRIVATE_MODE_ALREADY_SET_UP: 409,
  PRIVATE_KEY_PROOF_WRONG: 409,
  /**
   * An entry sealed under the wrong version for the account (ADR 094): version 2 without private mode set up, or
   * version 1 (readable by the server) from an account in private mode.
   */
  ENCRYPTION_VERSION_REFUSED: 409,
  /**
   * Switching private mode on and off (ADR 097): a re-encryption toward private while the account is switching off,
   * and finishing the switch off while version-2 entries remain.
   */
  PRIVATE_MODE_SWITCHING_OFF: 409,
  PRIVATE_ENTRIES_REMAIN: 409,
  /**
   * Each account's key pair (ADR 102): none made yet, one made already (two sent at once included), a public key
   * WebCrypto refuses, a wrap kind the account's mode does not allow, and a rewrap that names another public key.
   */
  KEY_PAIR_NOT_FOUND: 404,
  KEY_PAIR_EXISTS: 409,
  KEY_PAIR_INVALID: 400,
  KEY_PAIR_WRAP_REFUSED: 409,
  KEY_PAIR_MISMATCH: 409,
  CURRENT_PASSWORD_INCORRECT: 400,
  EMAIL_IN_USE: 409,
  DAILY_LIMIT_REACHED: 429,
  DELETION_LIMIT_REACHED: 429,
  EDIT_WINDOW_EXPIRED: 403,
  CONTENT_BLOCKED: 422,
  INVALID_CIPHERTEXT: 400,
  MEDIA_INVALID: 400,
  /** The file is of an accepted type but does not decode or parse as one (truncated, corrupt, forged). */
  MEDIA_UNREADABLE: 422,
  MEDIA_TOO_LARGE: 413,
  MEDIA_NOT_ALLOWED: 403,
  MEDIA_SAVE_FAILED: 500,
  MEDIA_LINK_INVALID: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  PLAN_NOT_FOUND: 404,
  NO_PRICING_DATA: 404,
  PLAN_NOT_AVAILABLE: 409,
  ALREADY_SUBSCRIBED: 409,
  NO_SUBSCRIPTION: 404,
  CARD_DECLINED: 402,
  CHECKOUT_FAILED: 502,
  PAYMENT_PROVIDER_FAILED: 502,
  WEBHOOK_INVALID: 400,
  SERVICE_UNAVAILABLE: 503,
  /**
   * No AI provider configured (AI_BASE_URL); the message says how to set one. A 4xx: the request cannot succeed until
   * an administrator acts, and a 5xx would read as an outage to load balancers and monitoring (ADR 031).
   */
  AI_NOT_CONFIGURED: 409,
  /** The AI provider failed, timed out or refused; any use it cost is refunded. */
  AI_PROVIDER_FAILED: 502,
  AI_LIMIT_REACHED: 429,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ApiError = z
  .object({
    code: z.string().meta({ example: 'VALIDATION_FAILED' }),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** Extra data some errors carry, e.g. the login status after a failed sign-in. */
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof ApiError>;
