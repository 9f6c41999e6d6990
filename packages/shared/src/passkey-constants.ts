/*
 * Passkeys' numbers and messages (ADR 080), in a module of their own like two-factor-constants.ts: the login page's
 * first load must not carry them (ADR 076); its passkey code, loaded when used, does.
 */

/** Passkeys (WebAuthn, ADR 080). */
export const PASSKEY = {
  /** The relying party's name, shown by the browser and the authenticator. */
  rpName: 'Daybook',
  nameMaxLength: 60,
  /** A person may add this many: enough for every device they own, few enough to list on one card. */
  maxPerUser: 20,
  /** How long a challenge waits for the authenticator's answer (the browser's own timeout is the same). */
  challengeMinutes: 5,
} as const;

export const PASSKEY_MESSAGES = {
  nameRequired: 'Give the passkey a name, like "Laptop" or "Phone"',
  nameTooLong: `A name is at most ${PASSKEY.nameMaxLength} characters`,
  notVerified: 'That passkey could not be checked. Try again, or sign in with your password.',
  unknown:
    'This passkey is not set up for a Daybook account. Sign in with your password, then add it from your profile.',
  challengeExpired: 'That took too long. Try again.',
  alreadyAdded: 'This passkey is already added to your account.',
  tooMany: `You can add up to ${PASSKEY.maxPerUser} passkeys. Remove one first.`,
  notFound: 'Passkey not found',
  lastWayIn: 'This passkey is the only way to sign in to your account, so it cannot be removed.',
  cancelled: 'The passkey request was cancelled or timed out.',
  unsupported: 'This browser cannot use passkeys on this address.',
  unavailable: 'Passkeys need APP_URL to be a domain name, not an IP address.',
  added: 'Passkey added.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
} as const;
