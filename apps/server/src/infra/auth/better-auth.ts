import { AUTH_MESSAGES, AUTH_TIMINGS } from '@daybook/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/index.ts';
import { describeError, safeLogText } from '../../lib/log-text.ts';
import { CLIENT_IP_HEADER } from '../http/authenticate.ts';
import { hashPassword, type PasswordVerifier, verifyPassword } from './passwords.ts';
import { COOKIE_PREFIX, sessionCookie } from './session-cookie.ts';
import { withHashedSessionTokens } from './session-tokens.ts';
import { verifiedSignIn } from './verified-sign-in.ts';

export type AuthMail = {
  verification(to: { email: string; name: string }, url: string): Promise<void>;
  passwordReset(to: { email: string; name: string }, url: string): Promise<void>;
};

export type AuthHooks = {
  /** After a successful reset: the lockout of that e-mail is cleared, and its owner told. */
  onPasswordReset(user: { id: string; email: string; name: string }): Promise<void>;
};

type LogMethod = (details: object, message: string) => void;
export type AuthLog = { debug: LogMethod; info: LogMethod; warn: LogMethod; error: LogMethod };

/**
 * better-auth's log arguments as our log may hold them (ADR 053): an error without its parameters or values (a
 * failed session query carries the session token), text escaped, and of anything else only its field names.
 */
const describeLogArgument = (value: unknown): string => {
  if (value instanceof Error) return describeError(value);
  if (typeof value === 'string') return safeLogText(value, 2000);
  if (value && typeof value === 'object') return `{${Object.keys(value).join(', ')}}`;
  return typeof value;
};

const DAY_SECONDS = 24 * 60 * 60;

/** Origins allowed to send mutating requests: APP_URL, plus the loopback spellings of it outside production. */
export function trustedOrigins(config: Pick<Config, 'appUrl' | 'isProduction'>): string[] {
  const origin = new URL(config.appUrl);
  if (config.isProduction) return [origin.origin];
  const port = origin.port ? `:${origin.port}` : '';
  return [
    origin.origin,
    ...['localhost', '127.0.0.1', '[::1]'].map((host) => `${origin.protocol}//${host}${port}`),
  ];
}

/**
 * better-auth does sessions, credentials, verification and reset tokens (docs/design.md#design-accounts: auth is not code to
 * hand-roll). Its HTTP router is not exposed as a whole: our routes call `auth.api` so that the spec's lockout,
 * messages and validation sit in front of it, and only the two e-mail link endpoints are served directly.
 */
export function createAuth(deps: {
  config: Config;
  db: Db;
  mail: AuthMail;
  hooks: AuthHooks;
  verifyPassword?: PasswordVerifier;
  /** The app's logger: better-auth's own messages quote request values (an invalid callbackURL). */
  log: AuthLog;
}) {
  const { config } = deps;
  const { secure } = sessionCookie(config);
  return betterAuth({
    appName: 'Daybook',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config),
    telemetry: { enabled: false },
    // Expected outcomes (a wrong password) are ours to count and report; only its real errors belong in the log.
    // Its messages go to our log, escaped: they can quote user input (`Invalid callbackURL: …`).
    logger: {
      level: 'error',
      log: (level, message, ...args) =>
        deps.log[level]({ details: args.map(describeLogArgument) }, safeLogText(message)),
    },
    // Reset (and any other stored) tokens are kept as SHA-256 hashes: a database leak yields no usable link.
    // Verification links carry a signed JWT and are not stored at all.
    verification: { storeIdentifier: 'hashed' },
    // Our PostgreSQL-backed limiter guards these routes instead (per address and per client).
    rateLimit: { enabled: false },
    // Session tokens are stored as SHA-256 hashes: the table opens no session, even with AUTH_SECRET (ADR 055).
    database: withHashedSessionTokens(
      drizzleAdapter(deps.db, {
        provider: 'pg',
        schema: { user: users, session: sessions, account: accounts, verification: verifications },
      }),
    ),
    advanced: {
      database: { generateId: 'uuid' },
      // Secure (and `__Secure-` named) by APP_URL, never by NODE_ENV: see session-cookie.ts.
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      // The client address is Fastify's request.ip (TRUST_PROXY applied), handed over in our own header.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    session: {
      expiresIn: AUTH_TIMINGS.sessionDays * DAY_SECONDS,
      // Sliding refresh: a session used today lives 30 more days (the fast path in AuthService mirrors this).
      updateAge: DAY_SECONDS,
      cookieCache: { enabled: false },
    },
    user: {
      additionalFields: { timezone: { type: 'string', required: false, defaultValue: 'UTC', input: true } },
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: AUTH_TIMINGS.resetLinkMinutes * 60,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: deps.verifyPassword ?? verifyPassword },
      sendResetPassword: ({ user, url }) => deps.mail.passwordReset(user, url),
      onPasswordReset: ({ user }) => deps.hooks.onPasswordReset(user),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      // Only the browser that registered is signed in by the link (our verify-email route, ADR 014).
      autoSignInAfterVerification: false,
      expiresIn: AUTH_TIMINGS.verificationLinkMinutes * 60,
      sendVerificationEmail: ({ user, url }) => deps.mail.verification(user, url),
    },
    plugins: [
      admin({ bannedUserMessage: AUTH_MESSAGES.accountDisabled, defaultRole: 'user' }),
      verifiedSignIn(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
