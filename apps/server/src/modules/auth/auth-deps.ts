import type { Db } from '../../db/client.ts';
import type { Auth } from '../../infra/auth/better-auth.ts';
import type { PasswordVerifier } from '../../infra/auth/passwords.ts';
import type { SessionCache } from '../../infra/auth/session-cache.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountDirectory } from '../account/service.ts';
import type { BackgroundLog } from './background-work.ts';
import type { LockoutService } from './lockout-service.ts';
import type { PasskeyService } from './passkey-service.ts';
import type { TwoFactorService } from './two-factor-service.ts';

/** What signing up, in and out needs (services.ts builds it). */
export type AuthDeps = {
  auth: Auth;
  authSecret: string;
  sessionCookieName: string;
  accounts: AccountDirectory;
  lockout: LockoutService;
  clock: Clock;
  log: BackgroundLog;
  /** Cookies we set ourselves carry `Secure` when APP_URL is https. */
  secureCookies: boolean;
  /** Where a new browser's sign-in is recorded and told by e-mail (ADR 073). */
  db: Db;
  appUrl: string;
  /** Two-step sign-in (ADR 075): whose sign-in asks for a code, the pending state between, the code check. */
  twoFactor: TwoFactorService;
  /** Passkeys (ADR 080): the check of a passkey sign-in's answer. */
  passkeys: PasskeyService;
  /** The password check of a two-step sign-in, made here so that the password step creates no session. */
  verifyPassword: PasswordVerifier;
  /** After a sign-out: the live streams of that session close at once (modules/events). */
  onSessionEnded?: (sessionId: string) => Promise<void>;
  /**
   * Recently seen sessions (ADR 047), trusted only while this instance hears revocations; `listen` starts hearing
   * them (called on the first lookup, so an instance that serves no signed-in request holds no extra connection).
   */
  sessionCache?: { cache: SessionCache; listen(): void };
};
