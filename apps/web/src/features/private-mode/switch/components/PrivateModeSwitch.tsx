import { PRIVATE_SWITCH_MESSAGES, type PrivateSwitchStatus } from '@daybook/shared';
import { useId } from 'react';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { ConfirmButton } from '../../../../components/ui/confirm-button.tsx';
import { ProgressBar } from '../../../../components/ui/progress-bar.tsx';
import { useSession } from '../../../../lib/session/get-session.ts';
import { type ActiveRun, type SwitchResult, usePrivateSwitch } from '../hooks/use-private-switch.ts';
import { describeCount, describeProgress, describeRemaining, percentOf } from '../progress.ts';
import type { ReEncryptionStepFactory } from '../runner.ts';

type Props = {
  /**
   * Further steps run after the entries' (media, future messages): each feature hands its own (ADR 097,
   * `ReEncryptionStepFactory`).
   */
  extraSteps?: readonly ReEncryptionStepFactory[];
};

const NO_EXTRA_STEPS: readonly ReEncryptionStepFactory[] = [];

/**
 * Switching the signed-in account's entries into private mode and back (ADR 097): how many the server can still
 * read with "Continue", the run's progress with an estimate and "Cancel", and switching off after saying what it
 * gives up. Shows nothing for an account without private mode's key: setting it up is the set-up screen's.
 */
export function PrivateModeSwitch({ extraSteps = NO_EXTRA_STEPS }: Props) {
  const { user } = useSession();
  if (!user) return null;
  return <SwitchPanel userId={user.id} extraSteps={extraSteps} />;
}

function SwitchPanel({
  userId,
  extraSteps,
}: {
  userId: string;
  extraSteps: readonly ReEncryptionStepFactory[];
}) {
  const headingId = useId();
  const { status, active, result, start, stayPrivate, cancel } = usePrivateSwitch(userId, extraSteps);
  const mode = status.data?.mode;
  // Nothing for an account without private mode, nor when the count cannot be had (an account in private mode sees
  // it at its next visit): a failed check must not put private mode's words before someone who never used it.
  if (!result && !active && (status.isPending || status.isError || mode === 'standard')) return null;
  return (
    <section aria-labelledby={headingId} data-testid="private-mode-switch">
      <Card className="flex flex-col gap-4 p-5 sm:p-6">
        <h2 id={headingId} className="text-xl font-semibold">
          Your entries in private mode
        </h2>
        {active ? <RunProgressView run={active} onCancel={cancel} /> : null}
        <ResultView result={result} />
        {!active && status.data ? (
          <ModeView status={status.data} onStart={start} onStayPrivate={stayPrivate} />
        ) : null}
      </Card>
    </section>
  );
}

function RunProgressView({ run, onCancel }: { run: ActiveRun; onCancel: () => void }) {
  const title =
    run.target === 'private' ? PRIVATE_SWITCH_MESSAGES.switchingOn : PRIVATE_SWITCH_MESSAGES.switchingOff;
  const progress = run.progress;
  return (
    <div className="flex flex-col gap-2">
      <p className="font-medium">{title}</p>
      <ProgressBar
        label={title}
        value={progress ? percentOf(progress.done + progress.unreadable, progress.total) : 0}
        valueText={progress ? describeCount(progress.done, progress.total) : 'Starting'}
      />
      <p className="flex flex-wrap justify-between gap-2 text-sm text-muted-foreground">
        <span>{progress ? describeProgress(progress) : 'Counting…'}</span>
        <span>{describeRemaining(progress?.remainingMs ?? null)}</span>
      </p>
      <div>
        <Button variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function ResultView({ result }: { result: SwitchResult | null }) {
  if (!result) return null;
  const variant = result.kind === 'success' ? 'success' : result.kind === 'error' ? 'error' : 'info';
  return (
    <Alert variant={variant} role={result.kind === 'error' ? 'alert' : 'status'}>
      <p>{result.message}</p>
    </Alert>
  );
}

function ModeView({
  status,
  onStart,
  onStayPrivate,
}: {
  status: PrivateSwitchStatus;
  onStart: (target: 'private' | 'standard') => Promise<void>;
  onStayPrivate: () => Promise<void>;
}) {
  if (status.mode === 'switching-off')
    return (
      <Alert variant="warning" role="status">
        <p>
          Private mode is being switched off:{' '}
          {status.privateEntries === 1
            ? '1 entry is'
            : `${status.privateEntries.toLocaleString('en-US')} entries are`}{' '}
          still private. Continue to make them readable by the server, or keep private mode.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void onStart('standard')}>
            Continue switching off
          </Button>
          <Button size="sm" variant="outline" onClick={() => void onStayPrivate()}>
            Keep private mode
          </Button>
        </div>
      </Alert>
    );
  if (status.mode !== 'private') return null;
  return (
    <div className="flex flex-col gap-4">
      {status.readableEntries > 0 ? (
        <Alert variant="warning" role="status">
          <p>{PRIVATE_SWITCH_MESSAGES.readableByServer(status.readableEntries)}</p>
          <p>{PRIVATE_SWITCH_MESSAGES.sharesEnd}</p>
          <div>
            <Button size="sm" onClick={() => void onStart('private')}>
              Continue
            </Button>
          </div>
        </Alert>
      ) : (
        <p className="text-sm text-muted-foreground">
          Every entry is private: only your passphrase or recovery key opens them.
        </p>
      )}
      <div className="flex flex-col gap-2 border-t pt-4">
        <h3 className="font-medium">Switch private mode off</h3>
        <p className="text-sm text-muted-foreground">{PRIVATE_SWITCH_MESSAGES.offWarning}</p>
        <div>
          <ConfirmButton
            variant="outline"
            size="sm"
            title="Switch private mode off?"
            description={PRIVATE_SWITCH_MESSAGES.offWarning}
            confirmLabel="Switch off"
            onConfirm={async () => {
              // The run goes on after the dialog closes, with its own progress bar and "Cancel".
              void onStart('standard');
            }}
          >
            Switch private mode off…
          </ConfirmButton>
        </div>
      </div>
    </div>
  );
}
