import {
  ApiError,
  AUTH_MESSAGES,
  confirmedLoginPath,
  EMAIL_CONFIRMED_PARAM,
  EmailOnlyInput,
  LoginStatus,
  OkResponse,
  PasskeyOptions,
  PasskeySignInInput,
  PasskeySignInResponse,
  RegisterInput,
  RegisterResponse,
  ResetLinkParams,
  ResetLinkQuery,
  ResetPasswordInput,
  SessionResponse,
  SignInInput,
  SignInResponse,
  TwoFactorCodeInput,
  TwoFactorSignInResponse,
  VerifyEmailLinkQuery,
} from '@daybook/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appendSetCookies, requestHeaders, sessionRequest } from '../../infra/http/authenticate.ts';
import { isDirectLocalRequest } from '../../infra/http/local-only.ts';
import type { Services } from '../../services.ts';

const MINUTE = 60_000;
const perClient = (max: number, timeWindow: string, groupId: string) => ({
  rateLimit: { max, timeWindow, groupId },
});
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 409: ApiError, 423: ApiError, 429: ApiError };

export const authRoutes =
  (services: Services, appUrl: string, options: { hasLocalMailbox: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['auth'];
    // Mails requested just before shutdown are still queued before the database closes.
    app.addHook('onClose', () => services.auth.settle());
    /** Per-address limits sit beside the per-client ones, so neither a botnet nor one client can flood an inbox. */
    const perAddress = (action: string, email: string, max: number, windowMs: number) =>
      services.limiter.consume(`${action}:email:${email}`, max, windowMs);

    app.post(
      '/auth/register',
      {
        config: perClient(10, '1 hour', ':register'),
        schema: {
          tags,
          summary: 'Create an account and send the verification e-mail',
          body: RegisterInput,
          response: { 201: RegisterResponse, ...errors },
        },
      },
      async (request, reply) => {
        await perAddress('register', request.body.email, 5, 60 * MINUTE);
        const { result, setCookies } = await services.auth.register(request.body, requestHeaders(request));
        appendSetCookies(reply, setCookies);
        // The "Check Your Email" dialog points to the local mailbox only where it would open (ADR 057).
        const isMailboxHere = options.hasLocalMailbox && isDirectLocalRequest(request);
        return reply.status(201).send(isMailboxHere ? { ...result, localMailbox: true as const } : result);
      },
    );

    app.post(
      '/auth/resend-verification',
      {
        config: perClient(10, '1 hour', ':resend'),
        schema: {
          tags,
          summary: 'Send the verification e-mail again',
          body: EmailOnlyInput,
          response: { 200: OkResponse, ...errors },
        },
      },
      async (request) => {
        await perAddress('resend', request.body.email, 3, 15 * MINUTE);
        services.auth.resendVerification(request.body.email, requestHeaders(request));
        return { ok: true as const, message: AUTH_MESSAGES.verificationSent };
      },
    );

    app.post(
      '/auth/login-status',
      {
        config: perClient(60, '1 minute', ':login-status'),
        schema: {
          tags,
          summary: 'Lockout status of an e-mail (spec: track-login-attempts, check)',
          body: EmailOnlyInput,
          response: { 200: LoginStatus, ...errors },
        },
      },
      async (request) => services.auth.loginStatus(request.body.email),
    );

    app.post(
      '/auth/sign-in',
      {
        config: perClient(30, '15 minutes', ':sign-in'),
        schema: {
          tags,
          summary: 'Sign in with e-mail and password',
          body: SignInInput,
          response: { 200: SignInResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { result, setCookies } = await services.auth.signIn(request.body, requestHeaders(request));
        appendSetCookies(reply, setCookies);
        return result;
      },
    );

    app.post(
      '/auth/two-factor',
      {
        config: perClient(30, '15 minutes', ':two-factor'),
        schema: {
          tags,
          summary:
            'The second step of a two-step sign-in: a code from the authenticator app or a recovery code (ADR 075)',
          body: TwoFactorCodeInput,
          response: { 200: TwoFactorSignInResponse, ...errors },
        },
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
    app.post(
      '/auth/passkey/options',
      {
        config: perClient(60, '15 minutes', ':passkey-options'),
        schema: {
          tags,
          summary:
            'Start a passkey sign-in: the options for navigator.credentials.get(), a single-use challenge',
          response: { 200: PasskeyOptions, ...errors },
        },
      },
      () => services.passkeys.signInOptions(),
    );

    app.post(
      '/auth/passkey/sign-in',
      {
        config: perClient(30, '15 minutes', ':passkey-sign-in'),
        schema: {
          tags,
          summary: 'Sign in with a passkey (counts as two steps: no code follows)',
          body: PasskeySignInInput,
          response: { 200: PasskeySignInResponse, ...errors },
        },
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

    app.post(
      '/auth/sign-out',
      { schema: { tags, summary: 'End the current session', response: { 200: OkResponse, ...errors } } },
      async (request, reply) => {
        appendSetCookies(reply, await services.auth.signOut(requestHeaders(request)));
        return { ok: true as const };
      },
    );

    app.get(
      '/auth/session',
      { schema: { tags, summary: 'The signed-in user, or null', response: { 200: SessionResponse } } },
      async (request, reply) => {
        const { result, setCookies } = await services.auth.session(sessionRequest(request));
        appendSetCookies(reply, setCookies);
        return { user: result?.user ?? null };
      },
    );

    app.post(
      '/auth/forgot-password',
      {
        config: perClient(10, '1 hour', ':forgot'),
        schema: {
          tags,
          summary: 'E-mail a password-reset link (same answer for unknown addresses)',
          body: EmailOnlyInput,
          response: { 200: OkResponse, ...errors },
        },
      },
      async (request) => {
        await perAddress('forgot', request.body.email, 3, 15 * MINUTE);
        services.auth.forgotPassword(request.body.email, requestHeaders(request));
        return { ok: true as const, message: AUTH_MESSAGES.resetRequested };
      },
    );

    app.post(
      '/auth/reset-password',
      {
        config: perClient(10, '15 minutes', ':reset'),
        schema: {
          tags,
          summary: 'Set a new password with a reset token',
          body: ResetPasswordInput,
          response: { 200: OkResponse, ...errors },
        },
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

    app.get(
      '/auth/verify-email',
      {
        config: perClient(30, '15 minutes', ':verify'),
        schema: { hide: true, querystring: VerifyEmailLinkQuery },
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
    app.get(
      '/auth/reset-password/:token',
      {
        config: perClient(30, '15 minutes', ':reset-link'),
        schema: { hide: true, params: ResetLinkParams, querystring: ResetLinkQuery },
      },
      async (request, reply) => forward(await callBetterAuth(request), reply),
    );
  };
