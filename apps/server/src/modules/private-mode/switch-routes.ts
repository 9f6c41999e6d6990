import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';

const tags = ['private-mode'];

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
    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireUser(services.auth));

      route(
        signedIn,
        api.privateMode.switchStatus,
        { tags, summary: 'Standard, private or switching off, and how many entries are under each version' },
        (request) => services.privateMode.switchStatus(signedInUser(request).id),
      );

      route(
        signedIn,
        api.privateMode.reEncryption,
        {
          tags,
          summary:
            'A page of your entries still under the version a switch turns away from (ids, ciphertext, mood), and how many remain',
          config: runLimit,
        },
        (request) => services.reEncryption.page(signedInUser(request), request.query),
      );

      route(
        signedIn,
        api.privateMode.reEncrypt,
        {
          tags,
          summary:
            'Entries sealed anew by the browser, replaced in place if still under the version they came from; others skipped',
          config: runLimit,
        },
        (request) => services.reEncryption.reEncrypt(signedInUser(request), request.body),
      );

      route(
        signedIn,
        api.privateMode.plainImportKeys,
        {
          tags,
          summary:
            'Switching on: a page of your entries whose import key is still a plain archive identity (imported before private mode)',
          config: runLimit,
        },
        (request) => services.reEncryption.plainImportKeys(signedInUser(request), request.query),
      );

      route(
        signedIn,
        api.privateMode.rekeyImport,
        {
          tags,
          summary:
            "Switching on: your entries' plain import keys renamed to the keyed names a private import compares",
          config: runLimit,
        },
        (request) => services.reEncryption.rekeyImport(signedInUser(request), request.body),
      );

      route(
        signedIn,
        api.privateMode.switchOff,
        {
          tags,
          summary: 'Begin switching private mode off (the key’s proof): version 1 is accepted again',
          config: stepLimit,
        },
        (request) => services.privateMode.startSwitchingOff(signedInUser(request).id, request.body.keyProof),
      );

      route(
        signedIn,
        api.privateMode.cancelSwitchOff,
        { tags, summary: 'Stay in private mode: version 1 is refused again', config: stepLimit },
        (request) => services.privateMode.cancelSwitchingOff(signedInUser(request).id, request.body.keyProof),
      );

      route(
        signedIn,
        api.privateMode.finishSwitchOff,
        {
          tags,
          summary:
            'End the switch off: the key material goes, the entries stay; refused while any is still private',
          config: stepLimit,
        },
        (request) => services.privateMode.finishSwitchingOff(signedInUser(request).id, request.body.keyProof),
      );
    });
  };
