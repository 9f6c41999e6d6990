import { TestAccountList } from '../../schemas/billing.ts';
import type { Endpoint } from '../endpoint.ts';

/** The test account picker: only with TEST_TOOLS on, and only from this machine. */
export const testAccounts = {
  method: 'GET',
  path: '/api/dev/test-accounts',
  response: TestAccountList,
} as const satisfies Endpoint;
