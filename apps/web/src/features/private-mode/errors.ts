import { PRIVATE_MODE_MESSAGES } from '@daybook/shared';
import { isApiError } from '../../lib/api-client.ts';
import { PassphraseRulesError } from '../../lib/private-keys/private-mode.ts';

/**
 * What to tell the person when a key step fails: the rules a passphrase breaks, the key layer's own words (a wrong
 * passphrase, a mistyped recovery word, ADR 089) and the server's (a wrong sign-in password), or a plain fallback.
 */
export function keyStepError(error: unknown, fallback: string): string {
  if (error instanceof PassphraseRulesError) return error.problems.join(' ');
  if (isApiError(error, 'PRIVATE_KEY_PROOF_WRONG')) return PRIVATE_MODE_MESSAGES.keyProofWrong;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Lets the busy state paint before the key work starts (Argon2id in its worker, or here where there is none). */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 0);
  });
}
