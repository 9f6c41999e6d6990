import { OnThisDay, OnThisDayQuery } from '../../schemas/companions.ts';
import type { Endpoint } from '../endpoint.ts';

export const onThisDay = {
  method: 'GET',
  path: '/api/entries/on-this-day',
  query: OnThisDayQuery,
  response: OnThisDay,
} as const satisfies Endpoint;
