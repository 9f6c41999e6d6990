import {
  AnalyticsEntriesPage,
  AnalyticsEntriesQuery,
  AnalyticsMoods,
  AnalyticsMoodsQuery,
  ApiError,
  CalendarMonth,
  CalendarQuery,
  CandidatesQuery,
  CreatedEntry,
  CreateEntryInput,
  DailyEntryLimit,
  DailyEntryLimitQuery,
  DeletionLimit,
  ENTRY_MESSAGES,
  Entry,
  EntryListQuery,
  EntryPage,
  SearchCandidates,
  UpdateEntryInput,
} from '@daybook/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import type { Services } from '../../services.ts';

const errors = {
  400: ApiError,
  401: ApiError,
  403: ApiError,
  404: ApiError,
  409: ApiError,
  422: ApiError,
  429: ApiError,
};
const EntryId = z.object({ id: z.uuid() });

export const entriesRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['entries'];
    // The search's own scope: without a session it says "User not authenticated" (docs/product/search.md#search-rules), not the usual words.
    await app.register(async (scope) => {
      const searcher = scope.withTypeProvider<ZodTypeProvider>();
      searcher.addHook('onRequest', requireUser(services.auth, ENTRY_MESSAGES.searchNotAuthenticated));
      searcher.get(
        '/entries/search-candidates',
        {
          schema: {
            tags,
            summary:
              'A page of the entries to search, newest first (decrypted and matched in the browser); `next` reads on',
            querystring: CandidatesQuery,
            response: { 200: SearchCandidates, ...errors },
          },
        },
        (request) => services.entries.searchCandidates(signedInUser(request), request.query),
      );
    });

    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', requireUser(services.auth));

      signedIn.get(
        '/encryption/salt',
        {
          schema: {
            tags: ['encryption'],
            summary: 'Your encryption salt: HMAC-SHA256 of the server secret and your user id, never stored',
            response: { 200: z.object({ salt: z.string() }), ...errors },
          },
        },
        (request) => ({ salt: services.encryption.saltFor(signedInUser(request).id) }),
      );

      signedIn.get(
        '/entries',
        {
          schema: {
            tags,
            summary: 'Your entries, newest first, with the exact total',
            querystring: EntryListQuery,
            response: { 200: EntryPage, ...errors },
          },
        },
        (request) => services.entries.list(signedInUser(request), request.query),
      );

      signedIn.post(
        '/entries',
        {
          bodyLimit: 64 * 1024,
          schema: {
            tags,
            summary: 'Create an entry (encrypted in the browser)',
            body: CreateEntryInput,
            response: { 201: CreatedEntry, ...errors },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await services.entries.create(signedInUser(request), request.body)),
      );

      signedIn.get(
        '/entries/limits/daily',
        {
          schema: {
            tags,
            summary: "Today's entry limit (check_daily_entry_limit)",
            description:
              "The signed-in user's entries today and their plan's limit, counted in `timeZone` (the writer's) or the account's zone.",
            querystring: DailyEntryLimitQuery,
            response: { 200: DailyEntryLimit, ...errors },
          },
        },
        (request) => services.entries.dailyLimit(signedInUser(request), request.query.timeZone),
      );

      signedIn.get(
        '/entries/limits/deletion',
        {
          schema: {
            tags,
            summary: "Today's deletion limit (check_deletion_limit)",
            response: { 200: DeletionLimit, ...errors },
          },
        },
        (request) => services.entries.deletionLimit(signedInUser(request)),
      );

      signedIn.get(
        '/entries/analytics',
        {
          schema: {
            tags,
            summary:
              'Your entries between two local dates, oldest first, 1,000 a page, with only what analytics charts (decrypted in the browser)',
            querystring: AnalyticsEntriesQuery,
            response: { 200: AnalyticsEntriesPage, ...errors },
          },
        },
        (request) => services.entries.analyticsEntries(signedInUser(request), request.query),
      );

      signedIn.get(
        '/entries/analytics/moods',
        {
          schema: {
            tags,
            summary:
              'The date, time and mood of each of your entries between two local dates, oldest first, in one answer: what analytics charts before decrypting',
            querystring: AnalyticsMoodsQuery,
            response: { 200: AnalyticsMoods, ...errors },
          },
        },
        (request) => services.entries.analyticsMoods(signedInUser(request), request.query),
      );

      signedIn.get(
        '/entries/calendar',
        {
          schema: {
            tags,
            summary: 'Days of a month that have entries',
            querystring: CalendarQuery,
            response: { 200: CalendarMonth, ...errors },
          },
        },
        (request) => services.entries.calendar(signedInUser(request), request.query.month),
      );

      signedIn.get(
        '/entries/imported/:source/:ref',
        {
          schema: {
            tags,
            summary:
              'Your entry imported from another journal\'s entry ("dayone", its uuid; in private mode "pk" and the keyed name, ADR 099): where a link between imported entries leads',
            params: z.object({
              source: z.enum(['dayone', 'daybook', 'pk']),
              ref: z.string().regex(/^[0-9A-Za-z_-]{1,100}$/),
            }),
            response: { 200: Entry, ...errors },
          },
        },
        (request) =>
          services.entries.byImportKey(
            signedInUser(request),
            `${request.params.source}:${request.params.ref}`,
          ),
      );

      signedIn.get(
        '/entries/:id',
        {
          schema: {
            tags,
            summary: 'One of your entries',
            params: EntryId,
            response: { 200: Entry, ...errors },
          },
        },
        (request) => services.entries.get(signedInUser(request), request.params.id),
      );

      signedIn.patch(
        '/entries/:id',
        {
          bodyLimit: 64 * 1024,
          schema: {
            tags,
            summary: 'Edit an entry within 12 hours of writing it',
            params: EntryId,
            body: UpdateEntryInput,
            response: { 200: CreatedEntry, ...errors },
          },
        },
        (request) => services.entries.update(signedInUser(request), request.params.id, request.body),
      );

      signedIn.delete(
        '/entries/:id',
        {
          schema: {
            tags,
            summary: 'Delete an entry within 12 hours (at most 5 a day)',
            params: EntryId,
            response: { 200: DeletionLimit, ...errors },
          },
        },
        (request) => services.entries.remove(signedInUser(request), request.params.id),
      );
    });
  };
