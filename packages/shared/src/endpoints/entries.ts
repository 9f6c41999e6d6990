import { z } from 'zod';
import {
  AnalyticsEntriesPage,
  AnalyticsEntriesQuery,
  AnalyticsMoods,
  AnalyticsMoodsQuery,
} from '../schemas/analytics.ts';
import {
  CalendarMonth,
  CalendarQuery,
  CandidatesQuery,
  CreatedEntry,
  CreateEntryInput,
  DailyEntryLimit,
  DailyEntryLimitQuery,
  DeletionLimit,
  Entry,
  EntryListQuery,
  EntryPage,
  SaltResponse,
  SearchCandidates,
  UpdateEntryInput,
} from '../schemas/entries.ts';
import type { Endpoint } from './endpoint.ts';

/** The entries module's operations (apps/server/src/modules/entries). */

const EntryId = z.object({ id: z.uuid() });

export const searchCandidates = {
  method: 'GET',
  path: '/api/entries/search-candidates',
  query: CandidatesQuery,
  response: SearchCandidates,
} as const satisfies Endpoint;

export const encryptionSalt = {
  method: 'GET',
  path: '/api/encryption/salt',
  response: SaltResponse,
} as const satisfies Endpoint;

export const list = {
  method: 'GET',
  path: '/api/entries',
  query: EntryListQuery,
  response: EntryPage,
} as const satisfies Endpoint;

export const create = {
  method: 'POST',
  path: '/api/entries',
  body: CreateEntryInput,
  response: CreatedEntry,
  status: 201,
} as const satisfies Endpoint;

export const dailyLimit = {
  method: 'GET',
  path: '/api/entries/limits/daily',
  query: DailyEntryLimitQuery,
  response: DailyEntryLimit,
} as const satisfies Endpoint;

export const deletionLimit = {
  method: 'GET',
  path: '/api/entries/limits/deletion',
  response: DeletionLimit,
} as const satisfies Endpoint;

export const analytics = {
  method: 'GET',
  path: '/api/entries/analytics',
  query: AnalyticsEntriesQuery,
  response: AnalyticsEntriesPage,
} as const satisfies Endpoint;

export const analyticsMoods = {
  method: 'GET',
  path: '/api/entries/analytics/moods',
  query: AnalyticsMoodsQuery,
  response: AnalyticsMoods,
} as const satisfies Endpoint;

export const calendar = {
  method: 'GET',
  path: '/api/entries/calendar',
  query: CalendarQuery,
  response: CalendarMonth,
} as const satisfies Endpoint;

export const imported = {
  method: 'GET',
  path: '/api/entries/imported/:source/:ref',
  params: z.object({
    source: z.enum(['dayone', 'daybook', 'pk']),
    ref: z.string().regex(/^[0-9A-Za-z_-]{1,100}$/),
  }),
  response: Entry,
} as const satisfies Endpoint;

export const get = {
  method: 'GET',
  path: '/api/entries/:id',
  params: EntryId,
  response: Entry,
} as const satisfies Endpoint;

export const update = {
  method: 'PATCH',
  path: '/api/entries/:id',
  params: EntryId,
  body: UpdateEntryInput,
  response: CreatedEntry,
} as const satisfies Endpoint;

export const remove = {
  method: 'DELETE',
  path: '/api/entries/:id',
  params: EntryId,
  response: DeletionLimit,
} as const satisfies Endpoint;
