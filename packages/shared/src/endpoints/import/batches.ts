import { z } from 'zod';
import { ImportBatch } from '../../schemas/import.ts';
import type { Endpoint } from '../endpoint.ts';

export const batches = {
  method: 'GET',
  path: '/api/import/batches',
  response: z.array(ImportBatch),
} as const satisfies Endpoint;
