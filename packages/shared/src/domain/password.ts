import { AUTH_MESSAGES, PASSWORD_RULES } from '../constants.ts';

export type PasswordStrength = 'weak' | 'medium' | 'strong';

const hasUppercase = (p: string) => /\p{Lu}/u.test(p);
const hasDigit = (p: string) => /\d/.test(p);
const hasSpecial = (p: string) => /[^\p{L}\p{N}\s]/u.test(p);

/** docs/product/accounts.md#accounts-password-strength: strong = 8+ with uppercase, digit and special; medium = 8+ with uppercase or digit; else weak. */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < PASSWORD_RULES.minLength) return 'weak';
  if (hasUppercase(password) && hasDigit(password) && hasSpecial(password)) return 'strong';
  if (hasUppercase(password) || hasDigit(password)) return 'medium';
  return 'weak';
}

/** Width of the strength bar, in percent (docs/product/accounts.md#accounts-password-strength). */
export const PASSWORD_STRENGTH_WIDTH: Record<PasswordStrength, number> = {
  weak: 33,
  medium: 66,
  strong: 100,
};

/** Every rule a new password breaks, in the order the form shows them (docs/product/accounts.md#accounts-registration). */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_RULES.minLength) problems.push(AUTH_MESSAGES.passwordTooShort);
  if (password.length > PASSWORD_RULES.maxLength) problems.push(AUTH_MESSAGES.passwordTooLong);
  if (!hasUppercase(password)) problems.push(AUTH_MESSAGES.passwordNeedsUppercase);
  if (!hasDigit(password)) problems.push(AUTH_MESSAGES.passwordNeedsNumber);
  return problems;
}

/** Lower-cased and trimmed: the form the lockout counts under (docs/product/accounts.md#accounts-login). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
