import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createAccountAdministration } from '../account/service.ts';
import { turnOffTwoFactorByOperator } from '../auth/two-factor-service.ts';
import { createPlansServiceFor } from '../plans/service.ts';
import { createAuditRepository } from './audit-repository.ts';
import { createAdminRepository, createUserDirectoryRepository } from './repository.ts';

/**
 * Who takes an admin action: an administrator in the admin area, or the operator at the CLI (the OS user who ran
 * `npm run admin`; the control socket is the server user's alone, so that name is the operator's own word).
 */
export type AdminActor = { kind: 'admin'; userId: string; email: string } | { kind: 'cli'; operator: string };

export const actorLabel = (actor: AdminActor) =>
  actor.kind === 'admin' ? actor.email : `cli:${actor.operator}`;

export type AuditAction =
  | 'user.disable'
  | 'user.enable'
  | 'user.grant_admin'
  | 'user.revoke_admin'
  | 'user.change_plan'
  | 'user.confirm_email'
  | 'user.set_password'
  | 'user.two_step_off'
  | 'backup'
  | 'seed'
  | 'report.dismiss'
  | 'report.revoke_share'
  | 'report.disable_sender'
  | 'contact.mark_handled'
  | 'mail.retry';

/** Writes one audit row with the actor; pass the transaction of the change so that both land or neither. */
export function recordAudit(
  executor: Executor,
  clock: Clock,
  actor: AdminActor,
  action: AuditAction,
  target: string,
  details: Record<string, unknown> = {},
) {
  return createAuditRepository(executor).append({
    actorUserId: actor.kind === 'admin' ? actor.userId : null,
    actor: actorLabel(actor),
    action,
    target,
    details,
    at: clock.now(),
  });
}

/** A user named by the CLI (e-mail) or by the admin area (id). */
export type UserRef = { email: string } | { id: string };

type Changed = { id: string; email: string } | null;

/**
 * The user actions both the CLI and the admin area run: each changes the account and appends its audit row in one
 * transaction, so an action is never taken without its record, nor recorded without being taken.
 */
export function createUserActions(deps: {
  db: Db;
  clock: Clock;
  /**
   * After an action committed: this instance forgets the user's cached sessions at once (the actions that change
   * what a session carries queue the NOTIFY for the other instances in their transaction; ADR 047).
   */
  onUserChanged?: (userId: string) => void;
}) {
  const { db, clock } = deps;

  async function resolve(executor: Executor, ref: UserRef): Promise<Changed> {
    if ('email' in ref) {
      const user = await createAccountAdministration(executor).findByEmail(ref.email);
      return user ? { id: user.id, email: user.email } : null;
    }
    const user = await createUserDirectoryRepository(executor).findById(ref.id);
    return user ? { id: user.id, email: user.email } : null;
  }

  /** Runs `change` on the resolved user inside a transaction with the audit row; null when there is no such user. */
  async function act(
    actor: AdminActor,
    ref: UserRef,
    action: AuditAction,
    change: (
      tx: Executor,
      user: { id: string; email: string },
    ) => Promise<Record<string, unknown> | undefined>,
  ): Promise<Changed> {
    const changed = await db.transaction(async (tx) => {
      const user = await resolve(tx, ref);
      if (!user) return null;
      const details = await change(tx, user);
      await recordAudit(tx, clock, actor, action, user.email, { userId: user.id, ...details });
      return user;
    });
    if (changed) deps.onUserChanged?.(changed.id);
    return changed;
  }

  return {
    /** Disabling also ends every session: the person is signed out everywhere at once. */
    setDisabled: (actor: AdminActor, ref: UserRef, isDisabled: boolean) =>
      act(actor, ref, isDisabled ? 'user.disable' : 'user.enable', async (tx, user) => {
        await createAccountAdministration(tx).setDisabled(user.email, isDisabled);
      }),

    setRole: (actor: AdminActor, ref: UserRef, role: 'user' | 'admin') =>
      act(actor, ref, role === 'admin' ? 'user.grant_admin' : 'user.revoke_admin', async (tx, user) => {
        await createAccountAdministration(tx).setRole(user.email, role);
      }),

    setPlan: (actor: AdminActor, ref: UserRef, plan: 'free' | 'basic' | 'premium') =>
      act(actor, ref, 'user.change_plan', async (tx, user) => {
        await createPlansServiceFor(tx).grant(user.email, plan);
        return { plan };
      }),

    /** Two-step sign-in off (ADR 075); `onResult` hears whether it was on. Null when there is no such user. */
    turnOffTwoFactor: (actor: AdminActor, ref: UserRef, appUrl: string, onResult: (wasOn: boolean) => void) =>
      act(actor, ref, 'user.two_step_off', async (tx, found) => {
        const user = (await createAccountAdministration(tx).findByEmail(found.email))!;
        const wasOn = await turnOffTwoFactorByOperator(tx, user, clock.now(), appUrl);
        onResult(wasOn);
        return { wasOn };
      }),

    /** Whether the address was confirmed before; null when there is no such user. */
    async confirmEmail(actor: AdminActor, ref: UserRef): Promise<{ wasConfirmed: boolean } | null> {
      let wasConfirmed = false;
      const user = await act(actor, ref, 'user.confirm_email', async (tx, found) => {
        wasConfirmed = (await createAdminRepository(tx as Db).confirmEmail(found.email, clock.now()))!
          .wasConfirmed;
        return { wasConfirmed };
      });
      return user ? { wasConfirmed } : null;
    },

    /** The record of an action whose change is made elsewhere (a new password, a backup). */
    audit: (actor: AdminActor, action: AuditAction, target: string, details: Record<string, unknown> = {}) =>
      recordAudit(db, clock, actor, action, target, details),
  };
}

export type UserActions = ReturnType<typeof createUserActions>;
