import {
  ApiError,
  PlainImportKeysPage,
  PlainImportKeysQuery,
  PrivateSwitchInput,
  PrivateSwitchStatus,
  ReEncryptInput,
  ReEncryptionPage,
  ReEncryptionQuery,
  ReEncryptResult,
  RekeyImportInput,
  RekeyImportResult,
} from '@daybook/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import type { Services } from '../../services.ts';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError, 429: ApiError };

/**
 * A run over 10,000 entries sends 400 batches and 100 pages: above the API's general 300 a minute, so these two
 * routes have a limit of their own, per client, that still stops a loop from doing anything else.
 */
const runLimit = { rateLimit: { max: 1200, timeWindow: '1 minute', groupId: ':private-switch-run' } };
/** Starting, cancelling and finishing a switch off: a person does each a few times at most. */
const stepLimit = { rateLimit: { max: 10, timeWindow: '15 minutes', groupId: ':private-switch-step' } };

/**
 * Switching an existing account into private mode and back (ADR 097): where the account stands, the pages of
 * entries still under the other version, the re-encrypted entries, and the switch off's start, cancel and finish.
 * The signed-in person's own entries only: every route reads the user from the session.
 */
export const privateSwitchRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['private-mode'];

    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', requireUser(services.auth));

      signedIn.get(
        '/me/private-mode/switch',
        {
          schema: {
            tags,
            summary: 'Standard, private or switching off, and how many entries are under each version',
            response: { 200: PrivateSwitchStatus, ...errors },
          },
        },
        (request) => services.privateMode.switchStatus(signedInUser(request).id),
      );

      signedIn.get(
        '/me/private-mode/re-encryption',
        {
          config: runLimit,
          schema: {
            tags,
            summary:
              'A page of your entries still under the version a switch turns away from (ids, ciphertext, mood), and how many remain',
            querystring: ReEncryptionQuery,
            response: { 200: ReEncryptionPage, ...errors },
          },
        },
        (request) => services.reEncryption.page(signedInUser(request), request.query),
      );

      signedIn.post(
        '/me/private-mode/re-encrypt',
        {
          config: runLimit,
          schema: {
            tags,
            summary:
              'Entries sealed anew by the browser, replaced in place if still under the version they came from; others skipped',
            body: ReEncryptInput,
            response: { 200: ReEncryptResult, ...errors },
          },
        },
        (request) => services.reEncryption.reEncrypt(signedInUser(request), request.body),
      );

      signedIn.get(
        '/me/private-mode/import-keys',
        {
          config: runLimit,
          schema: {
            tags,
            summary:
              'Switching on: a page of your entries whose import key is still a plain archive identity (imported before private mode)',
            querystring: PlainImportKeysQuery,
            response: { 200: PlainImportKeysPage, ...errors },
          },
        },
        (request) => services.reEncryption.plainImportKeys(signedInUser(request), request.query),
      );

      signedIn.post(
        '/me/private-mode/import-keys',
        {
          config: runLimit,
          schema: {
            tags,
            summary:
              "Switching on: your entries' plain import keys renamed to the keyed names a private import compares",
            body: RekeyImportInput,
            response: { 200: RekeyImportResult, ...errors },
          },
        },
        (request) => services.reEncryption.rekeyImport(signedInUser(request), request.body),
      );

      signedIn.post(
        '/me/private-mode/switch-off',
        {
          config: stepLimit,
          schema: {
            tags,
            summary: 'Begin switching private mode off (the key’s proof): version 1 is accepted again',
            body: PrivateSwitchInput,
            response: { 200: PrivateSwitchStatus, ...errors },
          },
        },
        (request) => services.privateMode.startSwitchingOff(signedInUser(request).id, request.body.keyProof),
      );

      signedIn.post(
        '/me/private-mode/switch-off/cancel',
        {
          config: stepLimit,
          schema: {
            tags,
            summary: 'Stay in private mode: version 1 is refused again',
            body: PrivateSwitchInput,
            response: { 200: PrivateSwitchStatus, ...errors },
          },
        },
        (request) => services.privateMode.cancelSwitchingOff(signedInUser(request).id, request.body.keyProof),
      );

      signedIn.post(
        '/me/private-mode/switch-off/finish',
        {
          config: stepLimit,
          schema: {
            tags,
            summary:
              'End the switch off: the key material goes, the entries stay; refused while any is still private',
            body: PrivateSwitchInput,
            response: { 200: PrivateSwitchStatus, ...errors },
          },
        },
        (request) => services.privateMode.finishSwitchingOff(signedInUser(request).id, request.body.keyProof),
      );
    });
  };
