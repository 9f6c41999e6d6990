import { PRIVATE_MODE_COPY, PRIVATE_MODE_MESSAGES } from '@daybook/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { currentPasswordInputProps, Input } from '../../../components/ui/input.tsx';
import { startFresh } from '../../../lib/private-keys/private-mode.ts';
import { toast } from '../../../lib/toast.ts';
import { keyStepError } from '../errors.ts';
import { refreshAfterKeyChange } from '../refresh.ts';
import { BusyNote } from './BusyNote.tsx';
import { StepError } from './UnlockForm.tsx';

const CONFIRMATION = PRIVATE_MODE_COPY.startFreshConfirmation;
const isConfirmed = (typed: string) => typed.trim().toLowerCase() === CONFIRMATION;

/**
 * Passphrase and recovery key both lost (ADR 089, 095): said plainly, then "Start fresh" with the sign-in password
 * and a typed confirmation. The server removes the key and the private entries it sealed (ADR 094), in one step;
 * standard entries stay. Private mode can then be set up again with a new passphrase.
 */
export function StartFresh({
  userId,
  onDone,
  onBack,
}: {
  userId: string;
  onDone: () => void;
  onBack: () => void;
}) {
  const client = useQueryClient();
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !password || !isConfirmed(typed)) return;
    setError(null);
    setIsBusy(true);
    try {
      await startFresh(userId, password);
      toast.success(PRIVATE_MODE_MESSAGES.startedFresh);
      await refreshAfterKeyChange(client);
      onDone();
    } catch (failure) {
      setError(keyStepError(failure, 'Could not start fresh. Try again.'));
      setIsBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 text-sm">
        <p className="font-semibold">{PRIVATE_MODE_COPY.bothLost}</p>
        <p>
          Starting fresh deletes your private entries and their moods from the server, since they can never be
          opened again, and removes the lost key. Entries written before you set up private mode are not
          touched. You can then set up private mode again with a new passphrase.
        </p>
      </div>
      <FormField label="Your sign-in password">
        {(control) => (
          <Input
            {...currentPasswordInputProps}
            {...control}
            value={password}
            readOnly={isBusy}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </FormField>
      <FormField label={`Type "${CONFIRMATION}" to confirm`}>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            spellCheck={false}
            value={typed}
            readOnly={isBusy}
            onChange={(event) => setTyped(event.target.value)}
          />
        )}
      </FormField>
      <StepError message={error} />
      {isBusy ? <BusyNote>Removing the lost key and your private entries…</BusyNote> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={isBusy || !password || !isConfirmed(typed)}>
          Start fresh
        </Button>
        <Button variant="ghost" onClick={onBack} disabled={isBusy}>
          Back
        </Button>
      </div>
    </form>
  );
}
