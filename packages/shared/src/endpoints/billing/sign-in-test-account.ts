import { z } from 'zod';
import { TestAccount, TestAccountPlan } from '../../schemas/billing.ts';
import type { Endpoint } from '../endpoint.ts';

export const signInTestAccount = {
  method: 'POST',
  path: '/api/dev/test-accounts/:plan/sign-in',
  params: z.object({ plan: TestAccountPlan }),
  response: TestAccount,
} as const satisfies Endpoint;
