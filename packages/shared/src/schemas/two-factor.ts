import { z } from 'zod';
import { normalizeRecoveryCode, normalizeTotpCode } from '../domain/two-factor.ts';
import { TWO_FACTOR_MESSAGES } from '../two-factor-constants.ts';
import { SessionUser } from './auth.ts';

/** A 6-digit code from an authenticator app; spaces are allowed ("123 456"). */
export const TotpCode = z
  .string()
  .max(20, TWO_FACTOR_MESSAGES.codeShape)
  .transform((value, ctx) => {
    const code = normalizeTotpCode(value);
    if (code === null) ctx.addIssue({ code: 'custom', message: TWO_FACTOR_MESSAGES.codeShape });
    return code ?? '';
  });

/** A recovery code as typed (case, spaces and the hyphen do not matter), normalised to its 10 characters. */
export const RecoveryCode = z
  .string()
  .max(40, TWO_FACTOR_MESSAGES.recoveryCodeShape)
  .transform((value, ctx) => {
    const code = normalizeRecoveryCode(value);
    if (code === null) ctx.addIssue({ code: 'custom', message: TWO_FACTOR_MESSAGES.recoveryCodeShape });
    return code ?? '';
  });

/** Where two-step sign-in stands for the signed-in person. */
export const TwoFactorStatus = z
  .object({
    isEnabled: z.boolean(),
    enabledAt: z.string().nullable(),
    recoveryCodesLeft: z.number().int(),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** Starting the set-up asks for the password again: a session left open must not be able to turn it on. */
export const StartTwoFactorSetupInput = z
  .object({ password: z.string().min(1, 'Password is required').max(1024) })
  .meta({ id: 'StartTwoFactorSetupInput' });
export type StartTwoFactorSetupInput = z.input<typeof StartTwoFactorSetupInput>;

/** A new secret, not yet on: the QR code's address and the secret as text. */
export const TwoFactorSetup = z
  .object({ secret: z.string(), otpauthUri: z.string() })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

/** A code from the app confirms the set-up; the other sessions end with it unless the person keeps them. */
export const EnableTwoFactorInput = z
  .object({ code: TotpCode, signOutOtherSessions: z.boolean().default(true) })
  .meta({ id: 'EnableTwoFactorInput' });
export type EnableTwoFactorInput = z.input<typeof EnableTwoFactorInput>;

/** Shown once: the ten recovery codes, and how many other sessions were signed out. */
export const TwoFactorEnabled = z
  .object({ recoveryCodes: z.array(z.string()), revokedSessions: z.number().int() })
  .meta({ id: 'TwoFactorEnabled' });
export type TwoFactorEnabled = z.infer<typeof TwoFactorEnabled>;

/** New recovery codes, shown once like the first set; the old ones stopped working. */
export const TwoFactorRecoveryCodes = z
  .object({ recoveryCodes: z.array(z.string()) })
  .meta({ id: 'TwoFactorRecoveryCodes' });
export type TwoFactorRecoveryCodes = z.infer<typeof TwoFactorRecoveryCodes>;

/** A second step: a code from the app, or one of the recovery codes (exactly one of the two). */
export const TwoFactorCodeInput = z
  .object({ code: TotpCode.optional(), recoveryCode: RecoveryCode.optional() })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    message: TWO_FACTOR_MESSAGES.codeOrRecoveryCode,
    path: ['code'],
  })
  .meta({ id: 'TwoFactorCodeInput' });
export type TwoFactorCodeInput = z.input<typeof TwoFactorCodeInput>;
export type TwoFactorCode = z.output<typeof TwoFactorCodeInput>;

/** The second step's own lockout, as the login form shows it. */
export const TwoFactorAttempts = z
  .object({
    isLockedOut: z.boolean(),
    remainingAttempts: z.number().int(),
    lockedForMinutes: z.number().int().optional(),
  })
  .meta({ id: 'TwoFactorAttempts' });
export type TwoFactorAttempts = z.infer<typeof TwoFactorAttempts>;

/*
 * The sign-in's answers live here rather than in auth.ts: auth.ts loads with the web's shell, these only with the
 * login's submit code (ADR 075).
 */
/**
 * Signed in, or (two-step sign-in on, ADR 075) the password was right and a code is due: no session exists yet,
 * only a short-lived pending state named by an HttpOnly cookie.
 */
export const SignInResponse = z
  .union([z.object({ user: SessionUser }), z.object({ twoFactorRequired: z.literal(true) })])
  .meta({ id: 'SignInResponse' });
export type SignInResponse = z.infer<typeof SignInResponse>;

/** The second step's answer: signed in. */
export const TwoFactorSignInResponse = z
  .object({ user: SessionUser })
  .meta({ id: 'TwoFactorSignInResponse' });
