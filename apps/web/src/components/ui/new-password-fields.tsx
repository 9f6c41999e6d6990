import { AUTH_MESSAGES, PASSWORD_RULES } from '@daybook/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field.tsx';
import { Input } from './input.tsx';
import { PasswordStrengthMeter, passwordFieldError } from './password-strength.tsx';

const NEW_PASSWORD_INPUT = {
  type: 'password',
  autoComplete: 'new-password',
  minLength: PASSWORD_RULES.minLength,
  maxLength: PASSWORD_RULES.maxLength,
} as const;

type NewPasswordFieldsProps = {
  /** "Password" or "New password". */
  passwordLabel: string;
  /** "Confirm password" or "Confirm new password". */
  confirmLabel: string;
  /** The values typed so far (the meter and the match check follow them). */
  password: string;
  confirmPassword: string;
  /** What react-hook-form's `register` gives for each field. */
  passwordField: UseFormRegisterReturn;
  confirmField: UseFormRegisterReturn;
  /** The form's own messages for each field, e.g. after submitting. */
  passwordError?: string | undefined;
  confirmError?: string | undefined;
  /** Says "Passwords do not match" while typing, not only when the form is submitted. */
  isMatchCheckedWhileTyping?: boolean;
};

/**
 * A new password and its confirmation (registration, reset, change): the strength meter with every rule
 * the password still breaks (docs/product/accounts.md#accounts-registration), and the two fields tied to their messages.
 */
export function NewPasswordFields({
  passwordLabel,
  confirmLabel,
  password,
  confirmPassword,
  passwordField,
  confirmField,
  passwordError,
  confirmError,
  isMatchCheckedWhileTyping = false,
}: NewPasswordFieldsProps) {
  const isMismatchShown = isMatchCheckedWhileTyping && confirmPassword !== '' && confirmPassword !== password;
  return (
    <>
      <FormField
        label={passwordLabel}
        error={passwordFieldError(password, passwordError)}
        hint={<PasswordStrengthMeter password={password} />}
      >
        {(control) => <Input {...NEW_PASSWORD_INPUT} {...control} {...passwordField} />}
      </FormField>
      <FormField
        label={confirmLabel}
        error={confirmError ?? (isMismatchShown ? AUTH_MESSAGES.passwordsDoNotMatch : undefined)}
      >
        {(control) => <Input {...NEW_PASSWORD_INPUT} {...control} {...confirmField} />}
      </FormField>
    </>
  );
}
