import { SHARE_EMAIL_PATTERN, SHARE_LIMITS, SHARE_MESSAGES } from '@daybook/shared';

/** The longest address an e-mail field takes (RFC 5321), as the server's schema says. */
const EMAIL_MAX_LENGTH = 254;

export type RecipientCheck = { isValid: true; email: string } | { isValid: false; message: string };

/**
 * docs/product/sharing.md#sharing-create, one typed address: the simple pattern, lower-cased; never the sender's own address; no duplicate; at
 * most 5. The server checks the same (CreateShareInput); this says it while typing.
 */
export function checkRecipient(
  raw: string,
  { recipients, ownEmail }: { recipients: readonly string[]; ownEmail: string | null | undefined },
): RecipientCheck {
  const email = raw.trim().toLowerCase();
  if (email.length > EMAIL_MAX_LENGTH || !SHARE_EMAIL_PATTERN.test(email)) {
    return { isValid: false, message: SHARE_MESSAGES.invalidEmail };
  }
  if (ownEmail && email === ownEmail.trim().toLowerCase()) {
    return { isValid: false, message: SHARE_MESSAGES.selfShare };
  }
  if (recipients.includes(email)) return { isValid: false, message: SHARE_MESSAGES.duplicateEmail };
  if (recipients.length >= SHARE_LIMITS.maxRecipients) {
    return { isValid: false, message: SHARE_MESSAGES.maxRecipients };
  }
  return { isValid: true, email };
}

/** Addresses typed or pasted with commas (or semicolons, or line breaks) between them; the last may be unfinished. */
export function splitTypedAddresses(value: string): { complete: string[]; rest: string } {
  const parts = value.split(/[,;\n]+/);
  const rest = parts.pop() ?? '';
  return { complete: parts.filter((part) => part.trim() !== ''), rest };
}
