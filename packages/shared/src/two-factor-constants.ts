/*
 * Two-step sign-in's numbers and messages (ADR 075), in a module of their own like ai-constants.ts: the web's shell
 * imports constants.ts, and whatever a module holds loads with it, so these stay with the login's code step and
 * the profile, which load them when used.
 */

/** Two-step sign-in (RFC 6238 TOTP, ADR 075). */
export const TWO_FACTOR = {
  issuer: 'Daybook',
  digits: 6,
  periodSeconds: 30,
  /** Codes of the step before and after the current one are accepted too (clocks drift). */
  driftSteps: 1,
  secretBytes: 20,
  recoveryCodeCount: 10,
  /** Wrong codes at the second step: 5 within 15 minutes lock the second step for 15 minutes. */
  maxAttempts: 5,
  windowMinutes: 15,
  lockoutDurationMinutes: 15,
  /** How long the password step's pending state waits for the code. */
  challengeMinutes: 10,
} as const;

export const TWO_FACTOR_MESSAGES = {
  codePrompt: 'Enter the 6-digit code from your authenticator app',
  recoveryPrompt: 'Enter one of your recovery codes',
  codeShape: 'A code is 6 digits, like 123 456',
  recoveryCodeShape: 'Enter a recovery code as it was given, like abcde-fghjk',
  codeOrRecoveryCode: 'Enter a code from your authenticator app or a recovery code',
  codeWrong: 'That code is not right. Check the code in your authenticator app and try again.',
  codeReused: 'That code was already used. Wait for the next one in your authenticator app.',
  recoveryCodeWrong: 'That recovery code is not right, or it was already used.',
  attemptsRemaining: (n: number) => `${n} attempt${n === 1 ? '' : 's'} left before the code step is locked.`,
  lockedOut: (minutes: number) =>
    `Too many wrong codes. Two-step sign-in is locked; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  challengeExpired: 'Your sign-in waited too long for a code. Enter your e-mail and password again.',
  alreadyEnabled: 'Two-step sign-in is already on.',
  notEnabled: 'Two-step sign-in is not on.',
  setupMissing: 'There is no set-up waiting for a code. Start the set-up again.',
  enabled: 'Two-step sign-in is on.',
  disabled: 'Two-step sign-in is off.',
} as const;
