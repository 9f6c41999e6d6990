import type { Endpoint } from '../endpoint.ts';

/** The mailbox page's style sheet. */
export const styleSheet = {
  method: 'GET',
  path: '/api/dev/mail.css',
} as const satisfies Endpoint;
