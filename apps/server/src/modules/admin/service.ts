import { AUTH_MESSAGES, NewPassword } from '@daybook/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { hashPassword, isCommonPassword } from '../../infra/auth/passwords.ts';
import type { Clock } from '../../lib/clock.ts';
import { createAccountAdministration } from '../account/service.ts';
import { createLockoutServiceFor } from '../auth/lockout-service.ts';
import { type AdminActor, createUserActions } from './actions.ts';
import { runBackup } from './backup.ts';
import { type AdminRequest, type AdminResponse, failed, succeeded } from './protocol.ts';
import { createAdminRepository } from './repository.ts';
import { runSeedCommand } from './seed.ts';

/** How the caller follows a long command: its progress lines, and a signal that stops it between two steps. */
export type AdminRunContext = { report?: (line: string) => void; signal?: AbortSignal };

/**
 * Every admin command, run the same way whether the CLI opened the database itself or the running server received
 * the command on its control socket: one code path, so a command cannot behave differently by route. The user
 * actions are the admin area's own (actions.ts), so both write the same audit rows; the actor is the operator.
 */
export function createAdminService(deps: { config: Config; database: Database; clock: Clock }) {
  const { config, database, clock } = deps;
  const accounts = createAccountAdministration(database.db);
  const actions = createUserActions({ db: database.db, clock });
  const admin = createAdminRepository(database.db);
  const lockout = createLockoutServiceFor(database.db, clock);
  const noAccount = (email: string) => failed('not_found', `No account with the e-mail ${email}.`);

  return {
    async run(request: AdminRequest, context: AdminRunContext = {}): Promise<AdminResponse> {
      const actor: AdminActor = { kind: 'cli', operator: request.operator ?? 'unknown' };
      switch (request.command) {
        case 'grant':
        case 'revoke': {
          const changed = await actions.setRole(
            actor,
            { email: request.email },
            request.command === 'grant' ? 'admin' : 'user',
          );
          if (!changed) return noAccount(request.email);
          return succeeded([
            `${request.email} ${request.command === 'grant' ? 'is now an admin' : 'is no longer an admin'}.`,
          ]);
        }
        case 'disable':
        case 'enable': {
          const changed = await actions.setDisabled(
            actor,
            { email: request.email },
            request.command === 'disable',
          );
          if (!changed) return noAccount(request.email);
          return succeeded([
            `${request.email} ${request.command === 'disable' ? 'is disabled and signed out everywhere' : 'can sign in again'}.`,
          ]);
        }
        case 'two-step-off': {
          let wasOn = false;
          const user = await actions.turnOffTwoFactor(
            actor,
            { email: request.email },
            config.appUrl,
            (on) => {
              wasOn = on;
            },
          );
          if (!user) return noAccount(request.email);
          return succeeded([
            wasOn
              ? `${request.email} signs in with the password alone now; the owner is told by e-mail.`
              : `${request.email} did not have two-step sign-in on.`,
          ]);
        }
        case 'plan': {
          const changed = await actions.setPlan(actor, { email: request.email }, request.plan);
          if (!changed) return noAccount(request.email);
          return succeeded([`${request.email} is now on the ${request.plan} plan.`]);
        }
        case 'confirm': {
          const result = await actions.confirmEmail(actor, { email: request.email });
          if (!result) return noAccount(request.email);
          return succeeded([
            result.wasConfirmed
              ? `${request.email} was already confirmed.`
              : `${request.email} is confirmed and can sign in.`,
          ]);
        }
        case 'set-password': {
          // The rules of registration and reset: the shared schema, then the common-password guard.
          const parsed = NewPassword.safeParse(request.password);
          if (!parsed.success)
            return failed('invalid_password', ...parsed.error.issues.map((i) => i.message));
          if (isCommonPassword(request.password)) {
            return failed('invalid_password', AUTH_MESSAGES.passwordTooCommon);
          }
          const user = await accounts.findByEmail(request.email);
          if (!user) return noAccount(request.email);
          const { endedSessions } = await admin.replacePassword(
            user.id,
            await hashPassword(request.password),
            clock.now(),
          );
          // As after a reset by e-mail: the owner may sign in at once, even if guesses had locked the address.
          await lockout.clear(request.email);
          await actions.audit(actor, 'user.set_password', request.email, { userId: user.id, endedSessions });
          return succeeded([
            `${request.email} has a new password; ${endedSessions === 1 ? '1 session was' : `${endedSessions} sessions were`} ended and the sign-in lock is cleared.`,
          ]);
        }
        case 'backup': {
          const result = await runBackup({ config, database, clock, dir: request.dir });
          await actions.audit(actor, 'backup', request.dir, { ok: result.ok });
          return result;
        }
        case 'seed': {
          const result = await runSeedCommand(
            { database, encryptionSecret: config.encryptionSecret, clock },
            request,
            context,
          );
          await actions.audit(actor, 'seed', `${request.users} users`, {
            users: request.users,
            entries: request.entries,
            ok: result.ok,
          });
          return result;
        }
      }
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
