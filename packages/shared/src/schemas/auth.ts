import { z } from 'zod';
import { AUTH_MESSAGES, FULL_NAME_MAX_LENGTH, PASSWORD_RULES } from '../constants.ts';
import { isTimeZone } from '../domain/zone-formatters.ts';
import { BillingInterval } from './pricing.ts';
import { StoredText } from './text.ts';

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254)
  .pipe(z.email('Please enter a valid email address'));

/** A password a new account or a reset may set: the registration rules of docs/product/accounts.md#accounts-registration. */
export const NewPassword = z
  .string()
  .min(PASSWORD_RULES.minLength, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_RULES.maxLength, AUTH_MESSAGES.passwordTooLong)
  .regex(/\p{Lu}/u, AUTH_MESSAGES.passwordNeedsUppercase)
  .regex(/\d/, AUTH_MESSAGES.passwordNeedsNumber);

export const FullName = StoredText.trim()
  .min(1, AUTH_MESSAGES.fullNameRequired)
  .max(FULL_NAME_MAX_LENGTH, `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters`);

export const TimeZone = z.string().min(1).max(64).refine(isTimeZone, 'Unknown time zone');

export const PlanChoice = z.enum(['free', 'premium']);
export type PlanChoice = z.infer<typeof PlanChoice>;

export const RegisterInput = z
  .object({
    fullName: FullName,
    email: Email,
    password: NewPassword,
    confirmPassword: z.string(),
    acceptTerms: z.literal(true, AUTH_MESSAGES.termsRequired),
    plan: PlanChoice.default('free'),
    billingCycle: BillingInterval.default('month'),
    timezone: TimeZone.optional(),
    /** Private mode chosen on the register page: set up at the first sign-in, in whichever browser (ADR 095). */
    privateMode: z.boolean().default(false),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDoNotMatch,
  })
  .meta({ id: 'RegisterInput' });
export type RegisterInput = z.input<typeof RegisterInput>;

export const RegisterResponse = z
  .object({
    status: z.literal('verification_sent'),
    email: z.string(),
    /** false when a Premium choice could not be recorded (docs/product/plans-billing.md#plans-intent "Intent not saved"). */
    intentSaved: z.boolean(),
    /**
     * The message can be read in the local mailbox (/dev/mail): no SMTP_URL, outside production, and this request
     * came straight from the server's own machine, the only place the mailbox answers. Absent otherwise.
     */
    localMailbox: z.literal(true).optional(),
  })
  .meta({ id: 'RegisterResponse' });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const EmailOnlyInput = z.object({ email: Email }).meta({ id: 'EmailOnlyInput' });

export const SignInInput = z
  .object({
    email: Email,
    password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(1024),
  })
  .meta({ id: 'SignInInput' });
export type SignInInput = z.input<typeof SignInInput>;

/** The spec's login attempt info. */
export const LoginStatus = z
  .object({
    isLockedOut: z.boolean(),
    failedAttempts: z.number().int(),
    maxAttempts: z.number().int(),
    remainingAttempts: z.number().int(),
    lockoutDurationMinutes: z.number().int(),
    /** Minutes until the lock lifts, when locked. */
    lockedForMinutes: z.number().int().optional(),
  })
  .meta({ id: 'LoginStatus' });
export type LoginStatus = z.infer<typeof LoginStatus>;

export const SessionUser = z
  .object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    avatarUrl: z.string().nullable(),
    role: z.enum(['user', 'admin']),
    timezone: z.string(),
    emailVerified: z.boolean(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof SessionUser>;

export const SessionResponse = z.object({ user: SessionUser.nullable() }).meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof SessionResponse>;

/** better-auth's reset tokens are URL-safe ids; anything else cannot match one. */
const ResetToken = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid token');

/** Where better-auth sends the browser after an e-mail link: a path of this app, never another site. */
const CallbackPath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[\x21-\x7e]*$/, 'Must be a path of this site');

/** The e-mail verification link (`/api/auth/verify-email`): a signed token and where to go next. */
export const VerifyEmailLinkQuery = z.object({
  token: z
    .string()
    .min(1)
    .max(4096)
    .regex(/^[A-Za-z0-9._-]+$/, 'Invalid token'),
  callbackURL: CallbackPath.optional(),
});
/** The password-reset link (`/api/auth/reset-password/:token`). */
export const ResetLinkParams = z.object({ token: ResetToken });
export const ResetLinkQuery = z.object({ callbackURL: CallbackPath.optional() });

export const ResetPasswordInput = z
  .object({ token: ResetToken, password: NewPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDoNotMatch,
  })
  .meta({ id: 'ResetPasswordInput' });
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>;

export const OkResponse = z
  .object({ ok: z.literal(true), message: z.string().optional() })
  .meta({ id: 'OkResponse' });
export type OkResponse = z.infer<typeof OkResponse>;
