import { CandidatesQuery, SearchCandidates } from '../../schemas/entries.ts';
import type { Endpoint } from '../endpoint.ts';

export const searchCandidates = {
  method: 'GET',
  path: '/api/entries/search-candidates',
  query: CandidatesQuery,
  response: SearchCandidates,
} as const satisfies Endpoint;
