import { api, type PasskeySignInInput } from '@daybook/shared';
import {
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import type { QueryClient } from '@tanstack/react-query';
import { ApiRequestError, callApi } from '../../../lib/api-client.ts';
import { passkeyErrorMessage } from '../../../lib/passkeys.ts';
import { finishSignIn, problemFrom, type SignInOutcome } from './login-submit.tsx';

/*
 * The login's passkey sign-in (ADR 080), with SimpleWebAuthn's browser code: loaded when "Sign in with a passkey" is
 * pressed, or when the form is first focused in a browser that offers passkeys in the e-mail field's autofill
 * (conditional mediation), never with the page (the /login budget, ADR 076).
 */

/** A passkey sign-in's end: as a password sign-in's, or stepped back (nothing to say). */
export type PasskeySignInOutcome = SignInOutcome | { kind: 'stepped-back' };

/**
 * Asks the browser for a passkey (`conditional`: quietly, offered in the e-mail field's autofill) and signs in
 * with it. A passkey counts as two steps: no code step follows.
 */
export async function signInWithPasskey({
  conditional,
  client,
  isPremiumRequested,
  isWanted = () => true,
}: {
  conditional: boolean;
  client: QueryClient;
  isPremiumRequested: boolean;
  /** Asked once the options are here: false drops the request (another one has started meanwhile). */
  isWanted?: () => boolean;
}): Promise<PasskeySignInOutcome> {
  let response: PasskeySignInInput['response'];
  try {
    const options = await callApi(api.auth.passkeyOptions);
    if (!isWanted()) return { kind: 'stepped-back' };
    response = (await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      useBrowserAutofill: conditional,
    })) as PasskeySignInInput['response'];
  } catch (error) {
    // The quiet request says nothing when it fails: the button and the password are still there.
    if (conditional) return { kind: 'stepped-back' };
    if (error instanceof ApiRequestError) return { kind: 'problem', problem: problemFrom(error, '') };
    const message = passkeyErrorMessage(error);
    return message ? { kind: 'problem', problem: { kind: 'other', message } } : { kind: 'stepped-back' };
  }
  try {
    const answer = await callApi(api.auth.passkeySignIn, { body: { response } });
    return await finishSignIn(answer.user, { client, isPremiumRequested });
  } catch (error) {
    return { kind: 'problem', problem: problemFrom(error, '') };
  }
}

/** Ends a quiet request still waiting (the form is leaving). */
export const cancelPasskeyRequest = () => WebAuthnAbortService.cancelCeremony();
