import { ReportShareInput } from '../../schemas/sharing.ts';
import type { Endpoint } from '../endpoint.ts';
import { Created, Id } from './params.ts';

export const report = {
  method: 'POST',
  path: '/api/shares/:id/report',
  params: Id,
  body: ReportShareInput,
  response: Created,
  status: 201,
} as const satisfies Endpoint;
