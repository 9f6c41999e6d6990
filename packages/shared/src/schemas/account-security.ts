import { z } from 'zod';
import { Email, NewPassword } from './auth.ts';

/*
 * The profile's sign-in settings (password, e-mail, sessions), in a module of their own: account.ts loads with the
 * web's shell (the profile schema), and these only with the profile page.
 */

export const ChangePasswordInput = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(1024),
    newPassword: NewPassword,
    confirmPassword: z.string(),
    /** Sign out every other session with the change (the default), or keep them (ADR 073). */
    signOutOtherSessions: z.boolean().default(true),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  })
  .meta({ id: 'ChangePasswordInput' });
export type ChangePasswordInput = z.input<typeof ChangePasswordInput>;

export const ChangeEmailInput = z
  .object({ newEmail: Email, password: z.string().min(1, 'Password is required').max(1024) })
  .meta({ id: 'ChangeEmailInput' });
export type ChangeEmailInput = z.input<typeof ChangeEmailInput>;

export const ActiveSession = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  isCurrent: z.boolean(),
  /** Signed in with a second step (a code from an authenticator app or a recovery code), ADR 075. */
  isTwoFactor: z.boolean(),
  /** Signed in with a passkey (it counts as two steps), ADR 080. */
  isPasskey: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSession>;
export const SessionList = z.object({ sessions: z.array(ActiveSession) }).meta({ id: 'SessionList' });
export type SessionList = z.infer<typeof SessionList>;
export const RevokedSessions = z.object({ revoked: z.number().int() }).meta({ id: 'RevokedSessions' });
