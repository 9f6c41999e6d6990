import {
  AddPasskeyInput,
  ApiError,
  AUTH_MESSAGES,
  AVATAR,
  AvatarResponse,
  CancelDeletionResponse,
  ChangeEmailInput,
  ChangePasswordInput,
  DeletionStatus,
  EnableTwoFactorInput,
  OkResponse,
  PASSKEY_MESSAGES,
  Passkey,
  PasskeyList,
  PasskeyOptions,
  PlanFeatures,
  Profile,
  RenamePasskeyInput,
  RequestDeletionInput,
  RevokedSessions,
  SessionList,
  StartTwoFactorSetupInput,
  TWO_FACTOR_MESSAGES,
  TwoFactorCodeInput,
  TwoFactorEnabled,
  TwoFactorRecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
  UpdateProfileInput,
} from '@daybook/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appendSetCookies,
  requestHeaders,
  requireUser,
  signedInUser,
} from '../../infra/http/authenticate.ts';
import { AppError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';

const errors = {
  400: ApiError,
  401: ApiError,
  404: ApiError,
  409: ApiError,
  413: ApiError,
  423: ApiError,
  415: ApiError,
  429: ApiError,
};

export const accountRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['account'];

    // Avatars are public by unguessable URL (user id + content version) and cached for good.
    app.get(
      '/avatars/:userId',
      { schema: { tags, summary: 'An avatar image', params: z.object({ userId: z.uuid() }), hide: true } },
      async (request, reply) => {
        const avatar = await services.account.avatar(request.params.userId);
        if (!avatar) throw new AppError('NOT_FOUND', 'No avatar');
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        return reply.type(avatar.mimeType).send(avatar.content);
      },
    );

    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      // Before the body is parsed: a stranger's upload is refused without being read.
      signedIn.addHook('onRequest', requireUser(services.auth));
      signedIn.addContentTypeParser(
        ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
        { parseAs: 'buffer', bodyLimit: AVATAR.maxBytes },
        (_request, body, done) => done(null, body),
      );

      signedIn.get(
        '/me',
        { schema: { tags, summary: 'Your profile', response: { 200: Profile, ...errors } } },
        (request) => services.account.profile(signedInUser(request).id),
      );

      signedIn.patch(
        '/me',
        {
          schema: {
            tags,
            summary: 'Update name or time zone',
            body: UpdateProfileInput,
            response: { 200: Profile, ...errors },
          },
        },
        (request) => services.account.updateProfile(signedInUser(request).id, request.body),
      );

      signedIn.put(
        '/me/avatar',
        {
          bodyLimit: AVATAR.maxBytes,
          schema: {
            tags,
            summary: 'Upload an avatar (raw JPEG, PNG, WebP or GIF body, at most 5 MB)',
            response: { 200: AvatarResponse, ...errors },
          },
        },
        async (request) => {
          if (!Buffer.isBuffer(request.body))
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', AUTH_MESSAGES.avatarNotImage);
          return { avatarUrl: await services.account.setAvatar(signedInUser(request).id, request.body) };
        },
      );

      signedIn.delete(
        '/me/avatar',
        { schema: { tags, summary: 'Remove the avatar', response: { 200: AvatarResponse, ...errors } } },
        async (request) => {
          await services.account.removeAvatar(signedInUser(request).id);
          return { avatarUrl: null };
        },
      );

      signedIn.delete(
        '/me/private-mode-choice',
        {
          schema: {
            tags,
            summary: 'Private mode chosen at registration is set up or declined: stop offering its set-up',
            response: { 204: z.null(), ...errors },
          },
        },
        async (request, reply) => {
          await services.account.forgetPrivateModeChoice(signedInUser(request).id);
          return reply.status(204).send(null);
        },
      );

      signedIn.post(
        '/me/password',
        {
          config: { rateLimit: { max: 10, timeWindow: '15 minutes', groupId: ':change-password' } },
          schema: {
            tags,
            summary: 'Change password; other sessions end',
            body: ChangePasswordInput,
            response: { 200: OkResponse, ...errors },
          },
        },
        async (request, reply) => {
          const { setCookies } = await services.account.changePassword(
            signedInUser(request).id,
            requestHeaders(request),
            request.body,
          );
          appendSetCookies(reply, setCookies);
          return { ok: true as const, message: AUTH_MESSAGES.passwordChanged };
        },
      );

      signedIn.post(
        '/me/email',
        {
          config: { rateLimit: { max: 5, timeWindow: '15 minutes', groupId: ':change-email' } },
          schema: {
            tags,
            summary: 'Change e-mail (confirmed by a link sent to the new address)',
            body: ChangeEmailInput,
            response: { 200: OkResponse, ...errors },
          },
        },
        async (request) => {
          await services.account.changeEmail(signedInUser(request).id, requestHeaders(request), request.body);
          return { ok: true as const, message: AUTH_MESSAGES.emailChangeSent };
        },
      );

      signedIn.get(
        '/me/sessions',
        { schema: { tags, summary: 'Your active sessions', response: { 200: SessionList, ...errors } } },
        async (request) => ({
          sessions: await services.account.sessions(signedInUser(request).id, request.sessionId!),
        }),
      );

      signedIn.post(
        '/me/sessions/revoke-others',
        {
          schema: {
            tags,
            summary: 'Sign out every other session',
            response: { 200: RevokedSessions, ...errors },
          },
        },
        async (request) => ({
          revoked: await services.account.revokeOtherSessions(signedInUser(request).id, request.sessionId!),
        }),
      );

      signedIn.delete(
        '/me/sessions/:id',
        {
          schema: {
            tags,
            summary: 'Sign out one session',
            params: z.object({ id: z.uuid() }),
            response: { 204: z.null(), ...errors },
          },
        },
        async (request, reply) => {
          await services.account.revokeSession(signedInUser(request).id, request.params.id);
          return reply.status(204).send(null);
        },
      );

      // Two-step sign-in (ADR 075).
      signedIn.get(
        '/me/two-factor',
        {
          schema: {
            tags,
            summary: 'Two-step sign-in: on or off',
            response: { 200: TwoFactorStatus, ...errors },
          },
        },
        (request) => services.twoFactor.status(signedInUser(request).id),
      );

      signedIn.post(
        '/me/two-factor/setup',
        {
          config: { rateLimit: { max: 10, timeWindow: '15 minutes', groupId: ':two-factor-setup' } },
          schema: {
            tags,
            summary:
              'Start turning on two-step sign-in (password again): a new secret, not on until confirmed',
            body: StartTwoFactorSetupInput,
            response: { 200: TwoFactorSetup, ...errors },
          },
        },
        (request) => services.twoFactor.startSetup(signedInUser(request).id, request.body.password),
      );

      signedIn.post(
        '/me/two-factor/enable',
        {
          config: { rateLimit: { max: 10, timeWindow: '15 minutes', groupId: ':two-factor-enable' } },
          schema: {
            tags,
            summary:
              'Confirm the set-up with a code: two-step sign-in is on; answers the recovery codes, once',
            body: EnableTwoFactorInput,
            response: { 200: TwoFactorEnabled, ...errors },
          },
        },
        (request) => services.twoFactor.enable(signedInUser(request).id, request.sessionId!, request.body),
      );

      signedIn.post(
        '/me/two-factor/disable',
        {
          config: { rateLimit: { max: 10, timeWindow: '15 minutes', groupId: ':two-factor-disable' } },
          schema: {
            tags,
            summary: 'Turn two-step sign-in off, with a code or a recovery code',
            body: TwoFactorCodeInput,
            response: { 200: OkResponse, ...errors },
          },
        },
        async (request) => {
          await services.twoFactor.disable(signedInUser(request).id, request.body);
          return { ok: true as const, message: TWO_FACTOR_MESSAGES.disabled };
        },
      );

      signedIn.post(
        '/me/two-factor/recovery-codes',
        {
          config: { rateLimit: { max: 10, timeWindow: '15 minutes', groupId: ':two-factor-codes' } },
          schema: {
            tags,
            summary:
              'New recovery codes, with a code or a recovery code: the old ones stop working; answers the new, once',
            body: TwoFactorCodeInput,
            response: { 200: TwoFactorRecoveryCodes, ...errors },
          },
        },
        (request) => services.twoFactor.replaceRecoveryCodes(signedInUser(request).id, request.body),
      );

      // Passkeys (ADR 080).
      signedIn.get(
        '/me/passkeys',
        { schema: { tags, summary: 'Your passkeys', response: { 200: PasskeyList, ...errors } } },
        async (request) => ({ passkeys: await services.passkeys.list(signedInUser(request).id) }),
      );

      signedIn.post(
        '/me/passkeys/options',
        {
          config: { rateLimit: { max: 20, timeWindow: '15 minutes', groupId: ':passkey-add-options' } },
          schema: {
            tags,
            summary:
              'Start adding a passkey: the options for navigator.credentials.create(), a single-use challenge',
            response: { 200: PasskeyOptions, ...errors },
          },
        },
        (request) => services.passkeys.registrationOptions(signedInUser(request).id),
      );

      signedIn.post(
        '/me/passkeys',
        {
          config: { rateLimit: { max: 20, timeWindow: '15 minutes', groupId: ':passkey-add' } },
          schema: {
            tags,
            summary:
              'Add a passkey: the authenticator answer to the challenge, and a name; the owner is e-mailed',
            body: AddPasskeyInput,
            response: { 201: Passkey, ...errors },
          },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send(
              await services.passkeys.add(signedInUser(request).id, request.body, requestHeaders(request)),
            ),
      );

      signedIn.patch(
        '/me/passkeys/:id',
        {
          schema: {
            tags,
            summary: 'Rename a passkey',
            params: z.object({ id: z.uuid() }),
            body: RenamePasskeyInput,
            response: { 200: Passkey, ...errors },
          },
        },
        (request) => services.passkeys.rename(signedInUser(request).id, request.params.id, request.body.name),
      );

      signedIn.delete(
        '/me/passkeys/:id',
        {
          schema: {
            tags,
            summary: 'Remove a passkey: it no longer signs in',
            params: z.object({ id: z.uuid() }),
            response: { 200: OkResponse, ...errors },
          },
        },
        async (request) => {
          await services.passkeys.remove(signedInUser(request).id, request.params.id);
          return { ok: true as const, message: PASSKEY_MESSAGES.removed };
        },
      );

      signedIn.get(
        '/me/deletion',
        {
          schema: { tags, summary: 'Account deletion status', response: { 200: DeletionStatus, ...errors } },
        },
        (request) => services.account.deletionStatus(signedInUser(request).id),
      );

      signedIn.post(
        '/me/deletion',
        {
          schema: {
            tags,
            summary: 'Schedule account deletion in 30 days',
            body: RequestDeletionInput,
            response: { 200: DeletionStatus, ...errors },
          },
        },
        (request) => services.account.requestDeletion(signedInUser(request).id, request.body.reason),
      );

      signedIn.delete(
        '/me/deletion',
        {
          schema: {
            tags,
            summary: 'Cancel a scheduled deletion',
            response: { 200: CancelDeletionResponse, ...errors },
          },
        },
        (request) => services.account.cancelDeletion(signedInUser(request).id),
      );

      signedIn.get(
        '/me/plan-features',
        {
          schema: { tags, summary: "Your plan's feature flags", response: { 200: PlanFeatures, ...errors } },
        },
        (request) => services.plans.features(signedInUser(request).id),
      );
    });
  };
