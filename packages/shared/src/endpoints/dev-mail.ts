import { DevMailList } from '../schemas/account.ts';
import type { Endpoint } from './endpoint.ts';

/** The dev-mail module's operations (apps/server/src/modules/dev-mail): the local mailbox, development only. */

export const list = {
  method: 'GET',
  path: '/api/dev/mail',
  response: DevMailList,
} as const satisfies Endpoint;

/** The mailbox page's style sheet. */
export const styleSheet = {
  method: 'GET',
  path: '/api/dev/mail.css',
} as const satisfies Endpoint;
