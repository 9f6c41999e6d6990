/*
 * What every part of two-step sign-in shares (ADR 100): its dependencies, the repository and the signed-in user it
 * acts for. The parts (two-factor-setup.ts, two-factor-check.ts, two-factor-challenge.ts) meet here, never
 * through two-factor-service.ts.
 */
import { AUTH_MESSAGES } from '@daybook/shared';
import type { Db } from '../../db/client.ts';
import type { PasswordVerifier } from '../../infra/auth/passwords.ts';
import type { TwoFactorSecrets } from '../../infra/crypto/two-factor-secrets.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccountService } from '../account/service.ts';
import { createTwoFactorRepository } from './two-factor-repository.ts';

export const MINUTE_MS = 60_000;

/** What the second step reads of accounts (the account module's service, handed in by services.ts). */
export type TwoFactorAccounts = Pick<
  AccountService,
  'findById' | 'credentialPasswordOf' | 'revokeOtherSessions'
>;

export type TwoFactorDeps = {
  db: Db;
  clock: Clock;
  secrets: TwoFactorSecrets;
  accounts: TwoFactorAccounts;
  verifyPassword: PasswordVerifier;
  appUrl: string;
  secureCookies: boolean;
};

export function createTwoFactorContext(deps: TwoFactorDeps) {
  const { db, accounts } = deps;
  const repository = createTwoFactorRepository(db);

  async function requireUser(userId: string) {
    const user = await accounts.findById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.notAuthenticated);
    return user;
  }

  return { ...deps, repository, requireUser };
}

export type TwoFactorContext = ReturnType<typeof createTwoFactorContext>;
