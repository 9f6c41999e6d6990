import { AUTH_MESSAGES, api, confirmedLoginPath, EMAIL_CONFIRMED_PARAM } from '@daybook/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appendSetCookies, requestHeaders, sessionRequest } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import { isDirectLocalRequest } from '../../infra/http/local-only.ts';
import type { Services } from '../../services.ts';

const MINUTE = 60_000;
const perClient = (max: number, timeWindow: string, groupId: string) => ({
  rateLimit: { max, timeWindow, groupId },
});
const tags = ['auth'];
/** The e-mails' links, left out of the API docs as before (@fastify/swagger's hidden tag). */
const hidden = ['X-HIDDEN'];

export const authRoutes =
  (services: Services, appUrl: string, options: { hasLocalMailbox: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    // Mails requested just before shutdown are still queued before the database closes.
    app.addHook('onClose', () => services.auth.settle());
    /** Per-address limits sit beside the per-client ones, so neither a botnet nor one client can flood an inbox. */
    const perAddress = (action: string, email: string, max: number, windowMs: number) =>
      services.limiter.consume(`${action}:email:${email}`, max, windowMs);

    route(
      app,
      api.auth.register,
      {
        tags,
        summary: 'Create an account and send the verification e-mail',
        config: perClient(10, '1 hour', ':register'),
      },
      async (request, reply) => {
        await perAddress('register', request.body.email, 5, 60 * MINUTE);
        const { result, setCookies } = await services.auth.register(request.body, requestHeaders(request));
        appendSetCookies(reply, setCookies);
        // The "Check Your Email" dialog points to the local mailbox only where it would open (ADR 057).
        const isMailboxHere = options.hasLocalMailbox && isDirectLocalRequest(request);
        return isMailboxHere ? { ...result, localMailbox: true as const } : result;
      },
    );

    route(
      app,
      api.auth.resendVerification,
      { tags, summary: 'Send the verification e-mail again', config: perClient(10, '1 hour', ':resend') },
      async (request) => {
        await perAddress('resend', request.body.email, 3, 15 * MINUTE);
        services.auth.resendVerification(request.body.email, requestHeaders(request));
        return { ok: true as const, message: AUTH_MESSAGES.verificationSent };
      },
    );

    route(
      app,
      api.auth.loginStatus,
      {
        tags,
        summary: 'Lockout status of an e-mail (spec: track-login-attempts, check)',
        config: perClient(60, '1 minute', ':login-status'),
      },
      async (request) => services.auth.loginStatus(request.body.email),
    );

    route(
      app,
      api.auth.signIn,
      { tags, summary: 'Sign in with e-mail and password', config: perClient(30, '15 minutes', ':sign-in') },
      async (request, reply) => {
        const { result, setCookies } = await services.auth.signIn(request.body, requestHeaders(request));
        appendSetCookies(reply, setCookies);
        return result;
      },
    );

    route(
      app,
      api.auth.twoFactor,
      {
        tags,
        summary:
          'The second step of a two-step sign-in: a code from the authenticator app or a recovery code (ADR 075)',
        config: perClient(30, '15 minutes', ':two-factor'),
      },
      async (request, reply) => {
        const { result, setCookies } = await services.auth.completeTwoFactorSignIn(
          request.body,
          requestHeaders(request),
        );
        appendSetCookies(reply, setCookies);
        return result;
      },
    );

    // Passkeys (ADR 080): the options of a sign-in, then its answer; no e-mail is named, the passkey says whose.
    route(
      app,
      api.auth.passkeyOptions,
      {
        tags,
        summary:
          'Start a passkey sign-in: the options for navigator.credentials.get(), a single-use challenge',
        config: perClient(60, '15 minutes', ':passkey-options'),
      },
      () => services.passkeys.signInOptions(),
    );

    route(
      app,
      api.auth.passkeySignIn,
      {
        tags,
        summary: 'Sign in with a passkey (counts as two steps: no code follows)',
        config: perClient(30, '15 minutes', ':passkey-sign-in'),
      },
      async (request, reply) => {
        const { result, setCookies } = await services.auth.signInWithPasskey(
          request.body.response,
          requestHeaders(request),
        );
        appendSetCookies(reply, setCookies);
        return result;
      },
    );

    route(app, api.auth.signOut, { tags, summary: 'End the current session' }, async (request, reply) => {
      appendSetCookies(reply, await services.auth.signOut(requestHeaders(request)));
      return { ok: true as const };
    });

    route(app, api.auth.session, { tags, summary: 'The signed-in user, or null' }, async (request, reply) => {
      const { result, setCookies } = await services.auth.session(sessionRequest(request));
      appendSetCookies(reply, setCookies);
      return { user: result?.user ?? null };
    });

    route(
      app,
      api.auth.forgotPassword,
      {
        tags,
        summary: 'E-mail a password-reset link (same answer for unknown addresses)',
        config: perClient(10, '1 hour', ':forgot'),
      },
      async (request) => {
        await perAddress('forgot', request.body.email, 3, 15 * MINUTE);
        services.auth.forgotPassword(request.body.email, requestHeaders(request));
        return { ok: true as const, message: AUTH_MESSAGES.resetRequested };
      },
    );

    route(
      app,
      api.auth.resetPassword,
      {
        tags,
        summary: 'Set a new password with a reset token',
        config: perClient(10, '15 minutes', ':reset'),
      },
      async (request) => {
        await services.auth.resetPassword(request.body, requestHeaders(request));
        return { ok: true as const, message: AUTH_MESSAGES.passwordResetDone };
      },
    );

    // The two links e-mails carry are better-auth's own endpoints: they check the token and redirect.
    const callBetterAuth = (request: FastifyRequest) =>
      services.betterAuth.handler(
        new Request(new URL(request.url, appUrl), { method: 'GET', headers: requestHeaders(request) }),
      );
    const forward = async (response: Response, reply: FastifyReply) => {
      reply.status(response.status);
      for (const [name, value] of response.headers) if (name !== 'set-cookie') reply.header(name, value);
      appendSetCookies(reply, response.headers.getSetCookie());
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
    };

    route(
      app,
      api.auth.verifyEmailLink,
      {
        tags: hidden,
        summary: "The verification e-mail's link: confirms the address and redirects",
        config: perClient(30, '15 minutes', ':verify'),
      },
      async (request, reply) => {
        const response = await callBetterAuth(request);
        const location = response.headers.get('location');
        const isConfirmed =
          response.status === 302 &&
          location !== null &&
          !new URL(location, appUrl).searchParams.has('error');
        if (!isConfirmed) return forward(response, reply);
        // Confirmed. Only the browser that registered is signed in; any other one is sent to sign in itself.
        const outcome = await services.auth.afterEmailConfirmed(request.query.token, requestHeaders(request));
        if (outcome.kind === 'pass') return forward(response, reply);
        if (outcome.kind === 'confirmed') return reply.redirect(confirmedLoginPath(outcome.email), 302);
        appendSetCookies(reply, outcome.setCookies);
        // Signed in: the dashboard is told so, to go on to checkout when Premium was chosen (docs/product/plans-billing.md#plans-checkout).
        const landing = new URL(location, appUrl);
        landing.searchParams.set(EMAIL_CONFIRMED_PARAM, '1');
        return reply.redirect(`${landing.pathname}${landing.search}`, 302);
      },
    );
    route(
      app,
      api.auth.resetPasswordLink,
      {
        tags: hidden,
        summary: "The password-reset e-mail's link: checks the token and redirects",
        config: perClient(30, '15 minutes', ':reset-link'),
      },
      async (request, reply) => forward(await callBetterAuth(request), reply),
    );
  };
