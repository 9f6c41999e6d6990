import type { Executor } from '../../db/client.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { twoFactorDisabledMail } from '../../infra/mail/templates.ts';
import { createTwoFactorChallenge } from './two-factor-challenge.ts';
import { createTwoFactorCheck } from './two-factor-check.ts';
import { createTwoFactorContext, type TwoFactorDeps } from './two-factor-context.ts';
import { createTwoFactorRepository } from './two-factor-repository.ts';
import { createTwoFactorSetup } from './two-factor-setup.ts';

export { TWO_FACTOR_COOKIE } from './two-factor-challenge.ts';
export type { TwoFactorAccounts } from './two-factor-context.ts';

/**
 * Two-step sign-in (RFC 6238, ADR 075): set-up confirmed by a code, ten single-use recovery codes, turning it off
 * with a code, and the second step of a sign-in with its own lockout (5 wrong codes within 15 minutes lock the
 * code step for 15 minutes, counted per account before each check). Secrets are sealed and recovery codes kept as
 * keyed hashes (infra/crypto/two-factor-secrets.ts); the pending sign-in is a hashed, single-use token.
 *
 * One part per operation (ADR 100): the person's settings (two-factor-setup.ts), the second step's check and its
 * lock (two-factor-check.ts), the pending sign-in (two-factor-challenge.ts), over one context
 * (two-factor-context.ts). Routes and the sign-in see one service, as before.
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const ctx = createTwoFactorContext(deps);
  const { checkSecondStep } = createTwoFactorCheck(ctx);
  return {
    ...createTwoFactorSetup(ctx, checkSecondStep),
    checkSecondStep,
    ...createTwoFactorChallenge(ctx),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/**
 * The operator's way out for someone who lost both the app and every recovery code (`npm run admin -- two-step-off`):
 * two-step sign-in is turned off in the caller's transaction (with its audit row), and the owner is told by the
 * same e-mail as a turn-off from the profile. Answers whether it was on.
 */
export async function turnOffTwoFactorByOperator(
  tx: Executor,
  user: { id: string; name: string; email: string },
  now: Date,
  appUrl: string,
): Promise<boolean> {
  if (!(await createTwoFactorRepository(tx).remove(user.id))) return false;
  await createTwoFactorRepository(tx).clearLock(user.id);
  const mail = twoFactorDisabledMail(user.name, now, `${appUrl}/profile#two-step`);
  await enqueueMail(tx, { ...mail, to: user.email }, now);
  return true;
}
