import { PASSKEY_MESSAGES } from '@daybook/shared';

/*
 * What the browser's passkey errors mean to a person (ADR 080). Used by the profile's Passkeys card and the login's
 * passkey sign-in, both of which load it with SimpleWebAuthn's browser code, when a passkey is first used.
 */

/**
 * The message for a failed `navigator.credentials` call, or null when the person stepped back (cancelled, or a new
 * request replaced this one): nothing to say then. The browser gives one error, NotAllowedError, for a cancel and
 * for a time-out alike, so both read as "cancelled or timed out".
 */
export function passkeyErrorMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return PASSKEY_MESSAGES.notVerified;
  const code = (error as Error & { code?: string }).code;
  if (code === 'ERROR_CEREMONY_ABORTED' || error.name === 'AbortError') return null;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || error.name === 'InvalidStateError')
    return PASSKEY_MESSAGES.alreadyAdded;
  if (error.name === 'NotAllowedError') return PASSKEY_MESSAGES.cancelled;
  if (
    error.name === 'SecurityError' ||
    error.name === 'NotSupportedError' ||
    code === 'ERROR_INVALID_DOMAIN' ||
    code === 'ERROR_INVALID_RP_ID' ||
    /WebAuthn is not supported/i.test(error.message)
  )
    return PASSKEY_MESSAGES.unsupported;
  return error.message || PASSKEY_MESSAGES.notVerified;
}
