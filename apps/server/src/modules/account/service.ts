import { createHash } from 'node:crypto';
import { type ActiveSession, AUTH_MESSAGES, AVATAR, type Profile } from '@daybook/shared';
import type { Db, Executor } from '../../db/client.ts';
import { queueSessionsChanged } from '../../db/live-events.ts';
import type { Auth } from '../../infra/auth/better-auth.ts';
import { callAuth, type WithCookies } from '../../infra/auth/better-auth-errors.ts';
import { assertNotCommonPassword, verifyPassword } from '../../infra/auth/passwords.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { passwordChangedMail } from '../../infra/mail/templates.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { loadSharp } from '../../lib/sharp.ts';
import type { PlansService } from '../plans/service.ts';
import { createAccountDeletion, type SubscriptionHooks } from './deletion.ts';
import { type AccountRepository, createAccountRepository, type UserRow } from './repository.ts';

const AVATAR_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

export function createAccountService(deps: {
  db: Db;
  auth: Auth;
  accounts: AccountRepository;
  plans: PlansService;
  /** Billing's side of a deletion request (modules/billing): the subscription stops renewing, or resumes. */
  subscriptions?: SubscriptionHooks;
  clock: Clock;
  appUrl: string;
  /** This instance's cached sessions of a user are forgotten at once (ADR 047). */
  onSessionsChanged?: (userId: string) => void;
  /**
   * Whether the user's journal holds an entry (services.ts hands in the entries service's answer, so this module
   * does not reach into entries); the profile says it, so the dashboard's greeting is right in its first paint.
   */
  hasEntries?: (userId: string) => Promise<boolean>;
  /**
   * Whether the account has set up private mode (ADR 089; services.ts hands in private mode's answer): the web asks
   * for the passphrase once per browser session when it has (ADR 095), with no request of its own on each page.
   */
  isPrivateMode?: (userId: string) => Promise<boolean>;
}) {
  const { db, auth, accounts, plans, clock, appUrl, subscriptions } = deps;

  /**
   * After a change to a user's sessions or to what a session carries (profile, time zone): this instance forgets
   * its cached sessions of the user now, every other instance when the NOTIFY arrives (ADR 047).
   */
  async function sessionsChanged(userId: string): Promise<void> {
    deps.onSessionsChanged?.(userId);
    await queueSessionsChanged(db, userId);
  }

  async function requireUserRow(userId: string): Promise<UserRow> {
    const user = await accounts.findById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.notAuthenticated);
    return user;
  }

  async function profile(userId: string): Promise<Profile> {
    const [user, plan, hasEntries, isPrivateMode] = await Promise.all([
      requireUserRow(userId),
      plans.planOf(userId),
      deps.hasEntries?.(userId) ?? Promise.resolve(true),
      deps.isPrivateMode?.(userId) ?? Promise.resolve(false),
    ]);
    return {
      id: user.id,
      email: user.email,
      fullName: user.name,
      avatarUrl: user.image,
      timezone: user.timezone,
      role: user.role,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt.toISOString(),
      plan: { id: plan.plan.id, name: plan.plan.name },
      subscriptionIntent: plan.subscriptionIntent,
      billingCyclePreference: plan.billingCyclePreference,
      hasEntries,
      isPrivateMode,
      isPrivateModeChosen: user.privateModeChosenAt !== null && !isPrivateMode,
    };
  }

  return {
    profile,

    async updateProfile(userId: string, input: { fullName?: string; timezone?: string }): Promise<Profile> {
      await accounts.updateProfile(userId, { name: input.fullName, timezone: input.timezone }, clock.now());
      await sessionsChanged(userId);
      return profile(userId);
    },

    /** Re-encodes whatever image arrives into a 256 px WebP: strips metadata, defeats polyglots, caps pixels. */
    async setAvatar(userId: string, upload: Buffer): Promise<string> {
      if (upload.length > AVATAR.maxBytes)
        throw new AppError('PAYLOAD_TOO_LARGE', AUTH_MESSAGES.avatarTooLarge);
      let resized: Buffer;
      const sharp = await loadSharp();
      try {
        const image = sharp(upload, { limitInputPixels: 40_000_000, animated: false });
        const { format } = await image.metadata();
        if (!format || !AVATAR_FORMATS.has(format)) throw new Error('unsupported');
        resized = await image
          .rotate()
          .resize(AVATAR.sizePx, AVATAR.sizePx, { fit: 'cover' })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', AUTH_MESSAGES.avatarNotImage);
      }
      const version = createHash('sha256').update(resized).digest('hex').slice(0, 12);
      const url = `/api/avatars/${userId}?v=${version}`;
      const now = clock.now();
      await db.transaction(async (tx) => {
        const repository = createAccountRepository(tx);
        await repository.saveAvatar(userId, resized, 'image/webp', version, now);
        await repository.updateProfile(userId, { image: url }, now);
        await queueSessionsChanged(tx, userId);
      });
      deps.onSessionsChanged?.(userId);
      return url;
    },

    async removeAvatar(userId: string): Promise<void> {
      await accounts.deleteAvatar(userId);
      await accounts.updateProfile(userId, { image: null }, clock.now());
      await sessionsChanged(userId);
    },

    avatar: (userId: string) => accounts.findAvatar(userId),

    async changePassword(
      userId: string,
      headers: Headers,
      input: { currentPassword: string; newPassword: string; signOutOtherSessions: boolean },
    ): Promise<WithCookies<null>> {
      assertNotCommonPassword(input.newPassword, 'newPassword');
      const { headers: responseHeaders } = await callAuth(() =>
        auth.api.changePassword({
          body: {
            currentPassword: input.currentPassword,
            newPassword: input.newPassword,
            revokeOtherSessions: input.signOutOtherSessions,
          },
          headers,
          returnHeaders: true,
        }),
      );
      // This session was replaced, and the others ended unless the person kept them.
      await sessionsChanged(userId);
      // The owner hears of it, wherever the change came from (ADR 073).
      const user = await accounts.findById(userId);
      if (user) {
        const now = clock.now();
        const mail = passwordChangedMail(user.name, now, `${appUrl}/reset-password`, {
          otherSessionsEnded: input.signOutOtherSessions,
        });
        await enqueueMail(db, { ...mail, to: user.email }, now);
      }
      return { result: null, setCookies: responseHeaders.getSetCookie() };
    },

    /** Needs the current password; the change happens only when the link sent to the new address is opened. */
    async changeEmail(
      userId: string,
      headers: Headers,
      input: { newEmail: string; password: string },
    ): Promise<void> {
      const hash = await accounts.credentialPasswordOf(userId);
      if (!hash || !(await verifyPassword({ hash, password: input.password }))) {
        throw new AppError('CURRENT_PASSWORD_INCORRECT', AUTH_MESSAGES.currentPasswordWrong);
      }
      if (await accounts.findByEmail(input.newEmail))
        throw new AppError('EMAIL_IN_USE', AUTH_MESSAGES.emailInUse);
      await callAuth(() =>
        auth.api.changeEmail({
          body: { newEmail: input.newEmail, callbackURL: '/profile?emailChanged=1' },
          headers,
        }),
      );
    },

    async sessions(userId: string, currentSessionId: string): Promise<ActiveSession[]> {
      const rows = await accounts.listSessions(userId);
      return rows
        .map((s) => ({
          id: s.id,
          userAgent: s.userAgent,
          ipAddress: s.ipAddress,
          createdAt: s.createdAt.toISOString(),
          lastActiveAt: s.updatedAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
          isCurrent: s.id === currentSessionId,
          isTwoFactor: s.twoFactorVerified,
          isPasskey: s.passkeyVerified,
        }))
        .sort(
          (a, b) => Number(b.isCurrent) - Number(a.isCurrent) || b.lastActiveAt.localeCompare(a.lastActiveAt),
        );
    },

    async revokeOtherSessions(userId: string, currentSessionId: string): Promise<number> {
      const revoked = await accounts.deleteOtherSessions(userId, currentSessionId);
      await sessionsChanged(userId);
      return revoked;
    },

    /** Private mode chosen at registration is set up or declined: no browser sends the person to set it up again. */
    async forgetPrivateModeChoice(userId: string): Promise<void> {
      await accounts.setPrivateModeChoice(userId, null);
    },

    async revokeSession(userId: string, sessionId: string): Promise<void> {
      if (!(await accounts.deleteSession(userId, sessionId)))
        throw new AppError('NOT_FOUND', 'Session not found');
      await sessionsChanged(userId);
    },

    ...createAccountDeletion({ db, clock, appUrl, requireUserRow, subscriptions }),

    // The account data other modules read (auth's sign-up, sign-in and session checks), through this service.
    findById: (id: string) => accounts.findById(id),
    findByEmail: (email: string) => accounts.findByEmail(email),
    findLiveSession: (tokenHash: string, now: Date) => accounts.findLiveSession(tokenHash, now),
    /** The argon2id hash of the user's password, for checks that must not create a session (two-step sign-in). */
    credentialPasswordOf: (userId: string) => accounts.credentialPasswordOf(userId),
    /** The session passed a second step (ADR 075) or was signed in with a passkey (ADR 080); the list says so. */
    markSession: (sessionId: string, how: 'two-factor' | 'passkey') => accounts.markSession(sessionId, how),
    touchSession: (sessionId: string, now: Date, since: Date) => accounts.touchSession(sessionId, now, since),
    /** For open live streams: which of their sessions still hold (checked in batches on each heartbeat). */
    liveSessionIds: (ids: string[], now: Date) => accounts.liveSessionIds(ids, now),
    upsertSubscriptionIntent: (userId: string, intent: 'premium' | null, billingCycle: 'month' | 'year') =>
      accounts.upsertSubscriptionIntent(userId, intent, billingCycle),
    /** Registration keeps the register page's choice of private mode with the account. */
    choosePrivateMode: (userId: string, now: Date) => accounts.setPrivateModeChoice(userId, now),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

/** What the auth module reads of accounts. */
export type AccountDirectory = Pick<
  AccountService,
  | 'findById'
  | 'findByEmail'
  | 'findLiveSession'
  | 'touchSession'
  | 'upsertSubscriptionIntent'
  | 'choosePrivateMode'
  | 'credentialPasswordOf'
  | 'markSession'
>;
export type { UserRow };

/** The operator's account commands (`npm run admin`), for the admin module, which has no services.ts wiring. */
export function createAccountAdministration(db: Executor) {
  const accounts = createAccountRepository(db);
  return {
    findByEmail: (email: string) => accounts.findByEmail(email),
    setRole: (email: string, role: 'user' | 'admin') => accounts.setRole(email, role),
    setDisabled: (email: string, isDisabled: boolean) => accounts.setDisabled(email, isDisabled),
  };
}
