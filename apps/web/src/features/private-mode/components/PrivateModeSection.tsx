import { PRIVATE_MODE_COPY, PRIVATE_MODE_MESSAGES, type PrivateModeStatus } from '@daybook/shared';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, Lock, LockKeyhole, LockOpen, ShieldCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatInstant } from '../../../lib/dates.ts';
import {
  changePassphrase,
  replaceRecoveryKey,
  unlockWithPassphrase,
} from '../../../lib/private-keys/private-mode.ts';
import { useIsPrivateModeUnlocked } from '../../../lib/private-keys/use-is-unlocked.ts';
import { toast } from '../../../lib/toast.ts';
import { privateModeKeys, usePrivateModeStatus } from '../api.ts';
import { afterPaint, keyStepError } from '../errors.ts';
import { lockNow, refreshAfterKeyChange, refreshAfterUnlock } from '../refresh.ts';
import { BusyNote } from './BusyNote.tsx';
import { PassphraseFields, type PassphraseValues } from './PassphraseFields.tsx';
import { RecoveryFlow } from './RecoveryFlow.tsx';
import { RecoveryKeyWords } from './RecoveryKeyWords.tsx';
import { SetUpPrivateMode } from './SetUpPrivateMode.tsx';
import { StartFresh } from './StartFresh.tsx';
import { PASSPHRASE_INPUT, StepError, UnlockForm } from './UnlockForm.tsx';

export const PRIVATE_MODE_SECTION_ID = 'private-mode';

type Stage =
  | { kind: 'idle' }
  | { kind: 'set-up' }
  | { kind: 'change-passphrase' }
  | { kind: 'new-recovery-key' }
  | { kind: 'recovery-words'; words: string[] }
  | { kind: 'recover' }
  | { kind: 'start-fresh' };

/**
 * The profile's "Private mode" (ADR 089, 095). Off: what it protects against and what it does not, in plain words,
 * and "Set up private mode". On: since when, whether this browser holds the key, and, with the key, a new
 * passphrase, a new recovery key and "Lock now". The screens of one step replace the section's body until done,
 * so a recovery key on screen is not swept away when the status refreshes behind it.
 */
export default function PrivateModeSection({
  userId,
  email,
  switchControl,
}: {
  userId: string;
  email: string;
  /** Switching this account's standard content over and back (ADR 097), composed in by the profile's route. */
  switchControl?: ReactNode;
}) {
  const client = useQueryClient();
  const status = usePrivateModeStatus(userId);
  const isUnlocked = useIsPrivateModeUnlocked(userId);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const toIdle = () => setStage({ kind: 'idle' });

  const body = () => {
    switch (stage.kind) {
      case 'set-up':
        return (
          <SetUpPrivateMode
            userId={userId}
            account={email}
            onCancel={toIdle}
            onDone={() => {
              toast.success(PRIVATE_MODE_MESSAGES.setUp);
              toIdle();
              void refreshAfterKeyChange(client);
            }}
          />
        );
      case 'recovery-words':
        return (
          <RecoveryKeyWords
            words={stage.words}
            account={email}
            finishLabel="Done"
            onDone={() => {
              toast.success(PRIVATE_MODE_MESSAGES.recoveryKeyReplaced);
              toIdle();
            }}
          />
        );
      case 'change-passphrase':
        return <ChangePassphraseForm userId={userId} onDone={toIdle} />;
      case 'new-recovery-key':
        return (
          <NewRecoveryKey
            userId={userId}
            onCancel={toIdle}
            onWords={(words) => {
              setStage({ kind: 'recovery-words', words });
              void client.invalidateQueries({ queryKey: privateModeKeys.all });
            }}
          />
        );
      case 'recover':
        return (
          <RecoveryFlow
            userId={userId}
            onDone={toIdle}
            onBack={toIdle}
            onBothLost={() => setStage({ kind: 'start-fresh' })}
          />
        );
      case 'start-fresh':
        return <StartFresh userId={userId} onDone={toIdle} onBack={() => setStage({ kind: 'recover' })} />;
      case 'idle':
        break;
    }
    if (status.isPending)
      return (
        <div role="status">
          <span className="sr-only">Loading private mode…</span>
          <Skeleton className="h-24" />
        </div>
      );
    if (status.isError)
      return (
        <Alert variant="error">
          <div className="flex flex-col gap-2">
            <p>Private mode could not be loaded. {status.error.message}</p>
            <Button size="sm" variant="outline" className="self-start" onClick={() => void status.refetch()}>
              Try again
            </Button>
          </div>
        </Alert>
      );
    if (!status.data.isSetUp) return <PrivateModeOff onSetUp={() => setStage({ kind: 'set-up' })} />;
    return (
      <PrivateModeOn
        status={status.data}
        userId={userId}
        isUnlocked={isUnlocked}
        onStage={(kind) => setStage({ kind })}
        onLock={() => {
          void lockNow(client, userId);
          toast.success('Locked. Your passphrase is needed to read your journal again in this browser.');
        }}
        switchControl={switchControl}
      />
    );
  };

  return (
    <SettingsSection
      id={PRIVATE_MODE_SECTION_ID}
      title="Private mode"
      description="A journal key only you hold: your entries and moods are sealed in your browser, and the server cannot open them."
    >
      {body()}
    </SettingsSection>
  );
}

function PrivateModeOff({ onSetUp }: { onSetUp: () => void }) {
  return (
    <div className="flex flex-col gap-4 text-sm">
      <p>
        Private mode is off. Your journal is encrypted on our server: a stolen database or backup reveals
        nothing, but the server itself, and whoever runs it with its secret key, can read your entries.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <h3 className="font-semibold">What private mode protects against</h3>
          <ul className="flex list-disc flex-col gap-1 pl-5">
            {PRIVATE_MODE_COPY.protects.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col gap-1.5">
          <h3 className="font-semibold">What it does not protect against</h3>
          <ul className="flex list-disc flex-col gap-1 pl-5">
            {PRIVATE_MODE_COPY.doesNotProtect.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </div>
      <p>
        You choose a passphrase and get a recovery key to keep. You enter the passphrase once per browser
        session. Lose both and nobody can read your private entries again, us included.
      </p>
      <Button className="self-start" onClick={onSetUp}>
        <LockKeyhole aria-hidden="true" />
        Set up private mode
      </Button>
    </div>
  );
}

function PrivateModeOn({
  status,
  userId,
  isUnlocked,
  onStage,
  onLock,
  switchControl,
}: {
  status: PrivateModeStatus;
  userId: string;
  isUnlocked: boolean;
  onStage: (kind: 'change-passphrase' | 'new-recovery-key' | 'recover') => void;
  onLock: () => void;
  switchControl: ReactNode;
}) {
  const date = (instant: string | null) => (instant ? formatInstant('mediumDate', instant) : null);
  return (
    <div className="flex flex-col gap-4 text-sm">
      <p className="flex items-center gap-2">
        <ShieldCheck aria-hidden="true" className="size-4 text-primary" />
        <span>
          Private mode is on{status.setUpAt ? ` since ${date(status.setUpAt)}` : ''}. New entries and their
          moods are sealed in your browser before they are sent.
        </span>
      </p>
      <p className="text-muted-foreground">
        Entries written before you set up private mode stay as they were: encrypted on our server, which can
        read them.
      </p>
      <ul className="flex flex-col gap-1 text-muted-foreground">
        {status.passphraseChangedAt ? (
          <li>Passphrase last changed {date(status.passphraseChangedAt)}.</li>
        ) : null}
        {status.recoveryKeyChangedAt ? <li>Recovery key made {date(status.recoveryKeyChangedAt)}.</li> : null}
      </ul>
      <p role="status" className="flex items-center gap-2 font-medium">
        {isUnlocked ? (
          <>
            <LockOpen aria-hidden="true" className="size-4" />
            Unlocked in this browser session.
          </>
        ) : (
          <>
            <Lock aria-hidden="true" className="size-4" />
            Locked in this browser: enter your passphrase to read your journal.
          </>
        )}
      </p>
      {isUnlocked ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => onStage('change-passphrase')}>
            <KeyRound aria-hidden="true" />
            Change passphrase
          </Button>
          <Button variant="outline" onClick={() => onStage('new-recovery-key')}>
            Make a new recovery key
          </Button>
          <Button variant="outline" onClick={onLock}>
            <Lock aria-hidden="true" />
            Lock now
          </Button>
        </div>
      ) : (
        <UnlockForm userId={userId} onForgot={() => onStage('recover')} />
      )}
      {switchControl}
    </div>
  );
}

function ChangePassphraseForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const client = useQueryClient();
  const [current, setCurrent] = useState('');
  const [values, setValues] = useState<PassphraseValues>({ passphrase: '', confirmPassphrase: '' });
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    setError(null);
    setIsBusy(true);
    await afterPaint();
    try {
      // The current passphrase must open the key: a session left open is not enough to change it.
      await unlockWithPassphrase(userId, current);
      await changePassphrase(userId, values);
      toast.success(PRIVATE_MODE_MESSAGES.passphraseChanged);
      void client.invalidateQueries({ queryKey: privateModeKeys.all });
      void refreshAfterUnlock(client);
      onDone();
    } catch (failure) {
      setError(keyStepError(failure, 'Your passphrase could not be changed. Try again.'));
      setIsBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Your entries are not touched: only the way your key is locked changes. Daybook cannot check that the
        new passphrase differs from your sign-in password here, so make sure it does.
      </p>
      <FormField label="Current passphrase">
        {(control) => (
          <Input
            {...PASSPHRASE_INPUT}
            {...control}
            value={current}
            readOnly={isBusy}
            onChange={(event) => setCurrent(event.target.value)}
          />
        )}
      </FormField>
      <PassphraseFields label="New passphrase" values={values} onChange={setValues} isDisabled={isBusy} />
      <StepError message={error} />
      {isBusy ? <BusyNote>Changing your passphrase… this takes a few seconds.</BusyNote> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          disabled={isBusy || !current || !values.passphrase || !values.confirmPassphrase}
        >
          Change passphrase
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={isBusy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function NewRecoveryKey({
  userId,
  onCancel,
  onWords,
}: {
  userId: string;
  onCancel: () => void;
  onWords: (words: string[]) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const onConfirm = async () => {
    setError(null);
    setIsBusy(true);
    try {
      const { recoveryWords } = await replaceRecoveryKey(userId);
      onWords(recoveryWords);
    } catch (failure) {
      setError(keyStepError(failure, 'A new recovery key could not be made. Try again.'));
      setIsBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-4 text-sm">
      <p>
        A new recovery key replaces the one you have: the old words stop opening your journal as soon as the
        new ones are made. Make one if the old key may have been seen or lost, and have somewhere ready to
        save it.
      </p>
      <StepError message={error} />
      {isBusy ? <BusyNote>Making a new recovery key…</BusyNote> : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void onConfirm()} disabled={isBusy}>
          Make a new recovery key
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={isBusy}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
