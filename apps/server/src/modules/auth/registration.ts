import {
  AUTH_MESSAGES,
  type RegisterInput,
  type RegisterResponse,
  type ResetPasswordInput,
} from '@daybook/shared';
import { verifyJWT } from 'better-auth/crypto';
import type { z } from 'zod';
import { callAuth, type WithCookies } from '../../infra/auth/better-auth-errors.ts';
import { assertNotCommonPassword } from '../../infra/auth/passwords.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthDeps } from './auth-deps.ts';
import type { BackgroundWork } from './background-work.ts';
import { createRegistrationBrowser } from './registration-browser.ts';

/*
 * Registration and the e-mailed links: creating an account, sending its confirmation again, signing in only the
 * browser that registered when the link is opened, and resetting a forgotten password.
 */

export type ConfirmationOutcome =
  | { kind: 'pass' }
  | { kind: 'confirmed'; email: string | null }
  | { kind: 'signed-in'; setCookies: string[] };

export function createRegistration(deps: AuthDeps, background: BackgroundWork) {
  const { auth, accounts } = deps;
  const verificationValues = async () => (await auth.$context).internalAdapter;
  const registrationBrowser = createRegistrationBrowser({
    secure: deps.secureCookies,
    clock: deps.clock,
    proofs: {
      async save(identifier, userId, expiresAt) {
        await (await verificationValues()).createVerificationValue({ identifier, value: userId, expiresAt });
      },
      async find(identifier) {
        const found = await (await verificationValues()).findVerificationValue(identifier);
        return found && found.expiresAt.getTime() > deps.clock.now().getTime() ? found.value : null;
      },
      consume: async (identifier) =>
        (await (await verificationValues()).consumeVerificationValue(identifier)) !== null,
    },
  });

  return {
    /** docs/product/accounts.md#accounts-registration registration outcomes; the verification mail is queued by better-auth's hook. */
    async register(
      input: z.output<typeof RegisterInput>,
      headers: Headers,
    ): Promise<WithCookies<RegisterResponse>> {
      const existing = await accounts.findByEmail(input.email);
      if (existing?.emailVerified)
        throw new AppError('EMAIL_ALREADY_EXISTS', AUTH_MESSAGES.emailAlreadyExists);
      if (existing) throw new AppError('EMAIL_NOT_CONFIRMED', AUTH_MESSAGES.emailNotConfirmed);
      assertNotCommonPassword(input.password);

      const created = await callAuth(() =>
        auth.api.signUpEmail({
          body: {
            name: input.fullName,
            email: input.email,
            password: input.password,
            timezone: input.timezone ?? 'UTC',
            callbackURL: '/dashboard',
          },
          headers,
        }),
      );
      // Kept with the account, so whichever browser signs in first is sent to set private mode up (ADR 095).
      if (input.privateMode) await accounts.choosePrivateMode(created.user.id, deps.clock.now());
      const intent = input.plan === 'premium' ? 'premium' : null;
      let intentSaved = true;
      try {
        await accounts.upsertSubscriptionIntent(created.user.id, intent, input.billingCycle);
      } catch {
        intentSaved = intent === null;
      }
      return {
        result: { status: 'verification_sent', email: input.email, intentSaved },
        // This browser, and only it, is signed in by the verification link.
        setCookies: [await registrationBrowser.issue(created.user.id)],
      };
    },

    /**
     * Answers at once, the same whether or not the address has an unconfirmed account: the lookup and the mail
     * happen in the background, so neither the answer nor its timing tells whether the address exists.
     */
    resendVerification(email: string, headers: Headers): void {
      background.run('resend verification e-mail', async () => {
        const user = await accounts.findByEmail(email);
        if (!user || user.emailVerified) return;
        await callAuth(() =>
          auth.api.sendVerificationEmail({ body: { email, callbackURL: '/dashboard' }, headers }),
        );
      });
    },

    /**
     * After better-auth accepted a verification link: sign in only the browser that registered this user.
     * `pass` means the link was no first confirmation (an e-mail change) and better-auth's answer stands.
     */
    async afterEmailConfirmed(token: string, headers: Headers): Promise<ConfirmationOutcome> {
      const payload = await verifyJWT(token, deps.authSecret);
      if (!payload || payload.updateTo) return { kind: 'pass' };
      const email = typeof payload.email === 'string' ? payload.email : null;
      const userId =
        typeof payload.userId === 'string'
          ? payload.userId
          : email
            ? (await accounts.findByEmail(email))?.id
            : undefined;
      if (!userId || !(await registrationBrowser.claim(headers.get('cookie'), userId))) {
        return { kind: 'confirmed', email };
      }
      const { headers: responseHeaders } = await callAuth(() =>
        auth.api.signInVerifiedUser({ body: { userId }, returnHeaders: true }),
      );
      return {
        kind: 'signed-in',
        setCookies: [...responseHeaders.getSetCookie(), registrationBrowser.clear()],
      };
    },

    /** Always answers the same and at once; the mail goes out, in the background, only when the account exists. */
    forgotPassword(email: string, headers: Headers): void {
      background.run('password reset e-mail', () =>
        callAuth(() =>
          auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' }, headers }),
        ),
      );
    },

    async resetPassword(input: z.output<typeof ResetPasswordInput>, headers: Headers): Promise<void> {
      assertNotCommonPassword(input.password);
      await callAuth(() =>
        auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, headers }),
      );
    },
  };
}
