import { PRIVATE_MODE, PRIVATE_MODE_MESSAGES } from '@daybook/shared';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { changePassphrase, unlockWithRecoveryKey } from '../../../lib/private-keys/private-mode.ts';
import { toast } from '../../../lib/toast.ts';
import { afterPaint, keyStepError } from '../errors.ts';
import { useRefreshAfterUnlock } from '../refresh.ts';
import { BusyNote } from './BusyNote.tsx';
import { PassphraseFields, type PassphraseValues } from './PassphraseFields.tsx';
import { StepError } from './UnlockForm.tsx';

/**
 * A forgotten passphrase (ADR 089, 095): the recovery key's 24 words open the journal (in any case, with numbers,
 * commas or new lines between them, or each word's first four letters, as the lib reads them), then a new
 * passphrase is chosen, which rewraps the same key: no entry changes. "Both lost" leads to starting fresh.
 */
export function RecoveryFlow({
  userId,
  onDone,
  onBothLost,
  onBack,
}: {
  userId: string;
  onDone: () => void;
  onBothLost: () => void;
  onBack: () => void;
}) {
  const refresh = useRefreshAfterUnlock();
  const [stage, setStage] = useState<'words' | 'passphrase'>('words');
  const [words, setWords] = useState('');
  const [values, setValues] = useState<PassphraseValues>({ passphrase: '', confirmPassphrase: '' });
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const run = async (step: () => Promise<void>, fallback: string) => {
    setError(null);
    setIsBusy(true);
    await afterPaint();
    try {
      await step();
    } catch (failure) {
      setError(keyStepError(failure, fallback));
    } finally {
      setIsBusy(false);
    }
  };

  const onWords = (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !words.trim()) return;
    void run(async () => {
      await unlockWithRecoveryKey(userId, words);
      setWords('');
      setStage('passphrase');
      // The journal opens now; the new passphrase is for the next browser session.
      void refresh();
    }, 'Your recovery key could not be checked. Try again.');
  };

  const onPassphrase = (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    void run(async () => {
      await changePassphrase(userId, values);
      toast.success(PRIVATE_MODE_MESSAGES.passphraseChanged);
      onDone();
    }, 'Your new passphrase could not be saved. Try again.');
  };

  if (stage === 'passphrase')
    return (
      <form onSubmit={onPassphrase} noValidate className="flex flex-col gap-4">
        <p className="text-sm" role="status">
          Your recovery key opened your journal. Now choose a new passphrase: you will use it to unlock from
          now on, and your recovery key keeps working.
        </p>
        <PassphraseFields label="New passphrase" values={values} onChange={setValues} isDisabled={isBusy} />
        <StepError message={error} />
        {isBusy ? <BusyNote>Saving your new passphrase… this takes a second or two.</BusyNote> : null}
        <Button
          type="submit"
          className="self-start"
          disabled={isBusy || !values.passphrase || !values.confirmPassphrase}
        >
          Save new passphrase
        </Button>
      </form>
    );

  return (
    <form onSubmit={onWords} noValidate className="flex flex-col gap-4">
      <FormField
        label="Recovery key"
        hint={`The ${PRIVATE_MODE.recoveryWords} words you saved when you set up private mode, in order. Spaces, new lines, numbers and capitals do not matter.`}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            value={words}
            readOnly={isBusy}
            spellCheck={false}
            autoCapitalize="none"
            autoComplete="off"
            className="font-mono"
            onChange={(event) => setWords(event.target.value)}
          />
        )}
      </FormField>
      <StepError message={error} />
      {isBusy ? <BusyNote>Checking your recovery key…</BusyNote> : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" disabled={isBusy || !words.trim()}>
          <KeyRound aria-hidden="true" />
          Unlock with recovery key
        </Button>
        <Button variant="ghost" onClick={onBack} disabled={isBusy}>
          Back
        </Button>
        <Button variant="link" onClick={onBothLost} disabled={isBusy}>
          I have lost my recovery key too
        </Button>
      </div>
    </form>
  );
}
