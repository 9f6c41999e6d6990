import { z } from 'zod';

/**
 * The admin commands as data: the CLI builds one, and either runs it itself or sends it to the running server over
 * the control socket (one JSON object per line each way). Both ends parse with these schemas.
 */
const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'must be an e-mail address' }));

/** What one `npm run seed` may ask for: the benchmarks' million entries, with room to spare. */
export const SEED_LIMITS = { users: 100_000, entries: 10_000_000 } as const;

/** The OS user who ran the CLI, written to the audit log as `cli:<operator>` (ADR 034). */
const operator = z.string().trim().min(1).max(100).optional();

export const AdminRequest = z.discriminatedUnion('command', [
  z.object({
    command: z.enum(['grant', 'revoke', 'disable', 'enable', 'confirm', 'two-step-off']),
    email,
    operator,
  }),
  z.object({ command: z.literal('plan'), email, plan: z.enum(['free', 'basic', 'premium']), operator }),
  z.object({ command: z.literal('set-password'), email, password: z.string(), operator }),
  z.object({ command: z.literal('backup'), dir: z.string().min(1), operator }),
  z.object({
    command: z.literal('seed'),
    users: z.number().int().min(1).max(SEED_LIMITS.users),
    entries: z.number().int().min(0).max(SEED_LIMITS.entries),
    password: z.string().min(1),
    operator,
  }),
]);
export type AdminRequest = z.infer<typeof AdminRequest>;

export const AdminFailureCode = z.enum([
  'not_found',
  'invalid_password',
  'invalid_request',
  'backup_failed',
  'cancelled',
  'internal_error',
]);
export type AdminFailureCode = z.infer<typeof AdminFailureCode>;

/** `lines` are printed in order; `warnings` go to stderr (a backup that needs a step by hand, for example). */
export const AdminResponse = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), lines: z.array(z.string()), warnings: z.array(z.string()).default([]) }),
  z.object({ ok: z.literal(false), code: AdminFailureCode, lines: z.array(z.string()) }),
]);
export type AdminResponse = z.infer<typeof AdminResponse>;

/**
 * A line a long command (seed) prints while it runs: the server sends any number of these before its answer, and
 * each one tells the CLI that the command is still alive.
 */
export const AdminProgress = z.object({ progress: z.string() });
export type AdminProgress = z.infer<typeof AdminProgress>;

export const succeeded = (lines: string[], warnings: string[] = []): AdminResponse => ({
  ok: true,
  lines,
  warnings,
});
export const failed = (code: AdminFailureCode, ...lines: string[]): AdminResponse => ({
  ok: false,
  code,
  lines,
});
