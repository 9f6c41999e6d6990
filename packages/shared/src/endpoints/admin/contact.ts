import { AdminContactPage, AdminContactQuery } from '../../schemas/admin.ts';
import type { Endpoint } from '../endpoint.ts';

export const contact = {
  method: 'GET',
  path: '/api/admin/contact',
  query: AdminContactQuery,
  response: AdminContactPage,
} as const satisfies Endpoint;
