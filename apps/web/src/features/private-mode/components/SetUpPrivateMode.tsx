import { PRIVATE_MODE_COPY } from '@daybook/shared';
import { useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { currentPasswordInputProps, Input } from '../../../components/ui/input.tsx';
import { setUpPrivateMode } from '../../../lib/private-keys/private-mode.ts';
import { forgetRegistrationChoice } from '../../../lib/private-keys/registration-choice.ts';
import { afterPaint, keyStepError } from '../errors.ts';
import { BusyNote } from './BusyNote.tsx';
import { PassphraseFields, type PassphraseValues } from './PassphraseFields.tsx';
import { RecoveryKeyWords } from './RecoveryKeyWords.tsx';

/**
 * Setting private mode up (ADR 089, 095): the sign-in password again (the server checks it, and the browser refuses a
 * passphrase equal to it), a new passphrase twice, then the recovery key shown once. `onDone` only once the person
 * has said the key is saved.
 */
export function SetUpPrivateMode({
  userId,
  account,
  onDone,
  onCancel,
  onKeyMade,
}: {
  userId: string;
  account: string;
  onDone: () => void;
  onCancel?: (() => void) | undefined;
  /** The key is made and the words are on screen: there is no going back to standard from here. */
  onKeyMade?: (() => void) | undefined;
}) {
  const client = useQueryClient();
  const [words, setWords] = useState<string[] | null>(null);
  const [password, setPassword] = useState('');
  const [values, setValues] = useState<PassphraseValues>({ passphrase: '', confirmPassphrase: '' });
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  if (words)
    return (
      <RecoveryKeyWords words={words} account={account} finishLabel="Finish setting up" onDone={onDone} />
    );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    setError(null);
    setIsBusy(true);
    await afterPaint();
    try {
      const answer = await setUpPrivateMode(userId, { password, ...values });
      forgetRegistrationChoice(client);
      setWords(answer.recoveryWords);
      onKeyMade?.();
    } catch (failure) {
      setError(keyStepError(failure, 'Private mode could not be set up. Try again.'));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{PRIVATE_MODE_COPY.passphraseAdvice}</p>
      <FormField
        label="Your sign-in password"
        hint="To confirm it is you. It is not your passphrase and is never used to lock your journal."
      >
        {(control) => (
          <Input
            {...currentPasswordInputProps}
            {...control}
            value={password}
            disabled={isBusy}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </FormField>
      <PassphraseFields values={values} onChange={setValues} isDisabled={isBusy} />
      {error ? (
        <Alert variant="error" role="alert">
          <p>{error}</p>
        </Alert>
      ) : null}
      {isBusy ? <BusyNote>Making your key… this takes a second or two.</BusyNote> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          disabled={isBusy || !password || !values.passphrase || !values.confirmPassphrase}
        >
          <LockKeyhole aria-hidden="true" />
          Set up private mode
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={isBusy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
