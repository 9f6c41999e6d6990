import { AUTH_MESSAGES } from '@daybook/shared';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../lib/errors.ts';

/** argon2id with OWASP's parameters (docs/design.md#design-accounts): 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

export type PasswordVerifier = (input: { hash: string; password: string }) => Promise<boolean>;

export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** The 1,000 most common passwords (zxcvbn's frequency-ranked list), compared case-insensitively. */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].slice(0, 1000));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** Refuses a common password with the spec-style field error on `field`. */
export function assertNotCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.passwordTooCommon, {
      [field]: AUTH_MESSAGES.passwordTooCommon,
    });
  }
}
