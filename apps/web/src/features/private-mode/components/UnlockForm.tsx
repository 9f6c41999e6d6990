import { LockOpen } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { unlockWithPassphrase } from '../../../lib/private-keys/private-mode.ts';
import {
  UNLOCK_PASSPHRASE_ATTRIBUTE,
  unlockPassphraseField,
} from '../../../lib/private-keys/unlock-target.ts';
import { toast } from '../../../lib/toast.ts';
import { afterPaint, keyStepError } from '../errors.ts';
import { useRefreshAfterUnlock } from '../refresh.ts';
import { BusyNote } from './BusyNote.tsx';

/** Props of a passphrase field that no password manager should fill with the sign-in password. */
export const PASSPHRASE_INPUT = {
  type: 'password',
  autoComplete: 'off',
  spellCheck: false,
  autoCapitalize: 'none',
} as const;

/**
 * The passphrase, once per browser session (ADR 089): the key is kept for this tab by the lib, and every query that
 * holds a locked entry or a sealed mood is fetched again, so the journal opens where it is.
 */
export function UnlockForm({
  userId,
  onForgot,
  onUnlocked,
}: {
  userId: string;
  onForgot: () => void;
  onUnlocked?: () => void;
}) {
  const refresh = useRefreshAfterUnlock();
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !passphrase) return;
    setError(undefined);
    setIsBusy(true);
    await afterPaint();
    try {
      await unlockWithPassphrase(userId, passphrase);
      setPassphrase('');
      toast.success('Your journal is unlocked for this browser session.');
      onUnlocked?.();
      await refresh();
    } catch (failure) {
      setError(keyStepError(failure, 'Your journal could not be unlocked. Try again.'));
      setIsBusy(false);
      unlockPassphraseField()?.focus();
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-3">
      <FormField label="Passphrase" error={error} className="max-w-md">
        {(control) => (
          <Input
            {...PASSPHRASE_INPUT}
            {...control}
            {...{ [UNLOCK_PASSPHRASE_ATTRIBUTE]: '' }}
            value={passphrase}
            readOnly={isBusy}
            onChange={(event) => setPassphrase(event.target.value)}
          />
        )}
      </FormField>
      {isBusy ? <BusyNote>Unlocking… this takes a second or two.</BusyNote> : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" disabled={isBusy || !passphrase}>
          <LockOpen aria-hidden="true" />
          Unlock
        </Button>
        <Button variant="link" onClick={onForgot} disabled={isBusy}>
          Forgot your passphrase?
        </Button>
      </div>
    </form>
  );
}

/** A key step's failure, announced where the person is looking. */
export function StepError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert variant="error" role="alert">
      <p>{message}</p>
    </Alert>
  );
}
