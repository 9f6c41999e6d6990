import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';

/**
 * A server-only better-auth endpoint that signs in a user whose e-mail link was just confirmed. better-auth's
 * own `autoSignInAfterVerification` signs in whichever browser opens the link (login CSRF: an attacker's link
 * opened by someone else); our verify-email route calls this only for the browser that registered (ADR 014).
 * It has no HTTP path: only `auth.api.signInVerifiedUser` reaches it. The session and its cookie are
 * better-auth's own, so cookie name, attributes and lifetime stay as configured.
 */
export const verifiedSignIn = () =>
  ({
    id: 'daybook-verified-sign-in',
    endpoints: {
      signInVerifiedUser: createAuthEndpoint.serverOnly(
        { method: 'POST', body: z.object({ userId: z.string().min(1) }) },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user?.emailVerified) throw new APIError('BAD_REQUEST', { message: 'E-mail not verified' });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          if (!session) throw new APIError('INTERNAL_SERVER_ERROR', { message: 'No session created' });
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ userId: user.id, sessionId: session.id });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
