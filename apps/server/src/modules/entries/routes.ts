import { api, ENTRY_MESSAGES } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';

const tags = ['entries'];

export const entriesRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    // The search's own scope: without a session it says "User not authenticated" (docs/product/search.md#search-rules), not the usual words.
    await app.register(async (searcher) => {
      searcher.addHook('onRequest', requireUser(services.auth, ENTRY_MESSAGES.searchNotAuthenticated));
      route(
        searcher,
        api.entries.searchCandidates,
        {
          tags,
          summary:
            'A page of the entries to search, newest first (decrypted and matched in the browser); `next` reads on',
        },
        (request) => services.entries.searchCandidates(signedInUser(request), request.query),
      );
    });

    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireUser(services.auth));

      route(
        signedIn,
        api.entries.encryptionSalt,
        {
          tags: ['encryption'],
          summary: 'Your encryption salt: HMAC-SHA256 of the server secret and your user id, never stored',
        },
        (request) => ({ salt: services.encryption.saltFor(signedInUser(request).id) }),
      );

      route(
        signedIn,
        api.entries.list,
        { tags, summary: 'Your entries, newest first, with the exact total' },
        (request) => services.entries.list(signedInUser(request), request.query),
      );

      route(
        signedIn,
        api.entries.create,
        { tags, summary: 'Create an entry (encrypted in the browser)', bodyLimit: 64 * 1024 },
        (request) => services.entries.create(signedInUser(request), request.body),
      );

      route(
        signedIn,
        api.entries.dailyLimit,
        {
          tags,
          summary: "Today's entry limit (check_daily_entry_limit)",
          description:
            "The signed-in user's entries today and their plan's limit, counted in `timeZone` (the writer's) or the account's zone.",
        },
        (request) => services.entries.dailyLimit(signedInUser(request), request.query.timeZone),
      );

      route(
        signedIn,
        api.entries.deletionLimit,
        { tags, summary: "Today's deletion limit (check_deletion_limit)" },
        (request) => services.entries.deletionLimit(signedInUser(request)),
      );

      route(
        signedIn,
        api.entries.analytics,
        {
          tags,
          summary:
            'Your entries between two local dates, oldest first, 1,000 a page, with only what analytics charts (decrypted in the browser)',
        },
        (request) => services.entries.analyticsEntries(signedInUser(request), request.query),
      );

      route(
        signedIn,
        api.entries.analyticsMoods,
        {
          tags,
          summary:
            'The date, time and mood of each of your entries between two local dates, oldest first, in one answer: what analytics charts before decrypting',
        },
        (request) => services.entries.analyticsMoods(signedInUser(request), request.query),
      );

      route(
        signedIn,
        api.entries.calendar,
        { tags, summary: 'Days of a month that have entries' },
        (request) => services.entries.calendar(signedInUser(request), request.query.month),
      );

      route(
        signedIn,
        api.entries.imported,
        {
          tags,
          summary:
            'Your entry imported from another journal\'s entry ("dayone", its uuid; in private mode "pk" and the keyed name, ADR 099): where a link between imported entries leads',
        },
        (request) =>
          services.entries.byImportKey(
            signedInUser(request),
            `${request.params.source}:${request.params.ref}`,
          ),
      );

      route(signedIn, api.entries.get, { tags, summary: 'One of your entries' }, (request) =>
        services.entries.get(signedInUser(request), request.params.id),
      );

      route(
        signedIn,
        api.entries.update,
        { tags, summary: 'Edit an entry within 12 hours of writing it', bodyLimit: 64 * 1024 },
        (request) => services.entries.update(signedInUser(request), request.params.id, request.body),
      );

      route(
        signedIn,
        api.entries.remove,
        { tags, summary: 'Delete an entry within 12 hours (at most 5 a day)' },
        (request) => services.entries.remove(signedInUser(request), request.params.id),
      );
    });
  };
