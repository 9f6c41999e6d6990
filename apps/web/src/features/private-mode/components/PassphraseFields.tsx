import {
  PASSPHRASE_STRENGTH_HINTS,
  type PassphraseStrength,
  PRIVATE_MODE,
  PRIVATE_MODE_MESSAGES,
  passphraseStrength,
} from '@daybook/shared';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';

const STRENGTH_WIDTH: Record<PassphraseStrength, number> = {
  'too-short': 10,
  fair: 40,
  good: 75,
  strong: 100,
};
const STRENGTH_WORD: Record<PassphraseStrength, string> = {
  'too-short': 'Too short',
  fair: 'Fair',
  good: 'Good',
  strong: 'Strong',
};

const NEW_PASSPHRASE_INPUT = {
  type: 'password',
  autoComplete: 'new-password',
  maxLength: PRIVATE_MODE.passphraseMaxLength,
  spellCheck: false,
} as const;

export type PassphraseValues = { passphrase: string; confirmPassphrase: string };

/**
 * A new passphrase and its confirmation (set up, a new passphrase): the strength hint follows what is typed, and a
 * mismatch shows as soon as the confirmation is as long as the passphrase. The rules themselves (12 to 1,024
 * characters, not the sign-in password) are checked by lib/private-keys before anything is sent.
 */
export function PassphraseFields({
  values,
  onChange,
  error,
  label = 'Passphrase',
  isDisabled = false,
}: {
  values: PassphraseValues;
  onChange: (values: PassphraseValues) => void;
  error?: string | undefined;
  label?: string;
  isDisabled?: boolean;
}) {
  const strength = passphraseStrength(values.passphrase);
  const isMismatch =
    values.confirmPassphrase !== '' &&
    values.confirmPassphrase.length >= values.passphrase.length &&
    values.confirmPassphrase !== values.passphrase;
  return (
    <>
      <FormField
        label={label}
        error={error}
        hint={
          values.passphrase ? (
            <div className="flex flex-col gap-1.5">
              <ProgressBar
                value={STRENGTH_WIDTH[strength]}
                label="Passphrase strength"
                valueText={STRENGTH_WORD[strength]}
                barClassName={
                  strength === 'too-short' || strength === 'fair' ? 'bg-highlight-foreground' : ''
                }
              />
              <span>{PASSPHRASE_STRENGTH_HINTS[strength]}</span>
            </div>
          ) : (
            `At least ${PRIVATE_MODE.passphraseMinLength} characters. A few unrelated words is a good passphrase.`
          )
        }
      >
        {(control) => (
          <Input
            {...NEW_PASSPHRASE_INPUT}
            {...control}
            value={values.passphrase}
            disabled={isDisabled}
            onChange={(event) => onChange({ ...values, passphrase: event.target.value })}
          />
        )}
      </FormField>
      <FormField
        label={`Confirm ${label.toLowerCase()}`}
        error={isMismatch ? PRIVATE_MODE_MESSAGES.passphrasesDiffer : undefined}
      >
        {(control) => (
          <Input
            {...NEW_PASSPHRASE_INPUT}
            {...control}
            value={values.confirmPassphrase}
            disabled={isDisabled}
            onChange={(event) => onChange({ ...values, confirmPassphrase: event.target.value })}
          />
        )}
      </FormField>
    </>
  );
}
