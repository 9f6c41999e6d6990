import { ContactMessageCreated, CreateContactMessageInput } from '../../schemas/contact.ts';
import type { Endpoint } from '../endpoint.ts';

export const send = {
  method: 'POST',
  path: '/api/contact',
  body: CreateContactMessageInput,
  response: ContactMessageCreated,
  status: 201,
} as const satisfies Endpoint;
