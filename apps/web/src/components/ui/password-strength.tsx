import {
  PASSWORD_STRENGTH_WIDTH,
  type PasswordStrength,
  passwordProblems,
  passwordStrength,
} from '@daybook/shared';
import { cn } from '../../lib/cn.ts';
import { ProgressBar } from './progress-bar.tsx';

export const PASSWORD_STRENGTH_LABEL: Record<PasswordStrength, string> = {
  weak: 'Weak',
  medium: 'Medium',
  strong: 'Strong',
};

const BAR_CLASS: Record<PasswordStrength, string> = {
  weak: 'bg-destructive',
  medium: 'bg-highlight-foreground',
  strong: 'bg-primary',
};

/**
 * The strength bar (33 %, 66 %, 100 % for weak, medium, strong; docs/product/accounts.md#accounts-password-strength) and every rule the
 * password still breaks (docs/product/accounts.md#accounts-registration). Shows nothing until something is typed.
 */
export function PasswordStrengthMeter({ password, className }: { password: string; className?: string }) {
  if (!password) return null;
  const strength = passwordStrength(password);
  const label = PASSWORD_STRENGTH_LABEL[strength];
  const problems = passwordProblems(password);

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex flex-col gap-1">
        <p className="flex justify-between text-xs">
          <span>Password strength</span>
          <span className="font-semibold text-foreground">{label}</span>
        </p>
        <ProgressBar
          label="Password strength"
          value={PASSWORD_STRENGTH_WIDTH[strength]}
          valueText={label}
          barClassName={BAR_CLASS[strength]}
        />
      </div>
      {problems.length > 0 ? (
        <ul className="flex flex-col gap-0.5 text-sm text-destructive">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The form's own message for the password field, unless the meter already lists it as a broken
 * rule (so no message is shown twice).
 */
export function passwordFieldError(password: string, message: string | undefined): string | undefined {
  if (!message || !password) return message;
  return passwordProblems(password).includes(message) ? undefined : message;
}
