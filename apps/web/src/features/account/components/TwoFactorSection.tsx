import {
  EnableTwoFactorInput,
  groupSecret,
  normalizeTotpCode,
  StartTwoFactorSetupInput,
  TWO_FACTOR_MESSAGES,
  type TwoFactorSetup,
} from '@daybook/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { type FieldValues, type Path, type UseFormSetError, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { currentPasswordInputProps, Input } from '../../../components/ui/input.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatInstant } from '../../../lib/dates.ts';
import { toast } from '../../../lib/toast.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { useEnableTwoFactor } from '../api/enable-two-factor.ts';
import { useTwoFactor } from '../api/get-two-factor.ts';
import { useReplaceRecoveryCodes } from '../api/replace-recovery-codes.ts';
import { useStartTwoFactorSetup } from '../api/start-two-factor-setup.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';

/** The QR code's component, and with it the QR encoder, load only when a set-up shows one (ADR 075). */
const QrCode = lazy(() =>
  import('../../../components/ui/qr-code.tsx').then(({ QrCode }) => ({ default: QrCode })),
);

/** Spread on an `Input` for a one-time code: digits keyboard, and the code the phone offers. */
const oneTimeCodeInputProps = {
  autoComplete: 'one-time-code',
  inputMode: 'numeric',
  maxLength: 7,
  spellCheck: false,
} as const;

/** A server error on one of the form's fields shows there; anything else as a toast. */
function showError<T extends FieldValues>(
  error: unknown,
  field: Path<T>,
  setError: UseFormSetError<T>,
  title: string,
) {
  if (error instanceof ApiRequestError && (error.fields?.[field] || error.code.startsWith('TWO_FACTOR'))) {
    setError(
      field,
      { type: 'server', message: error.fields?.[field] ?? error.message },
      { shouldFocus: true },
    );
    return;
  }
  if (error instanceof ApiRequestError && error.code === 'CURRENT_PASSWORD_INCORRECT') {
    setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
    return;
  }
  toast.error(title, { description: error instanceof Error ? error.message : undefined });
}

type Stage =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] };

/**
 * The profile's "Two-step sign-in" (ADR 075): turned on with the password, a QR code (or the key
 * as text) and a first code; ten recovery codes shown once; turned off with a code or a recovery code.
 */
export function TwoFactorSection({ email }: { email: string }) {
  const status = useTwoFactor();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });

  return (
    <SettingsSection
      id="two-step"
      title="Two-step sign-in"
      description="After your password, signing in also asks for a code from an authenticator app on your phone. We e-mail you when it is turned on or off."
    >
      {stage.kind === 'codes' ? (
        <RecoveryCodes codes={stage.codes} account={email} onDone={() => setStage({ kind: 'idle' })} />
      ) : stage.kind === 'setup' ? (
        <ConfirmSetup
          setup={stage.setup}
          email={email}
          onCancel={() => setStage({ kind: 'idle' })}
          onEnabled={(codes) => setStage({ kind: 'codes', codes })}
        />
      ) : status.isPending ? (
        <div role="status">
          <span className="sr-only">Loading two-step sign-in…</span>
          <Skeleton className="h-16" />
        </div>
      ) : status.isError ? (
        <Alert variant="error">
          <p>Two-step sign-in could not be loaded.</p>
          <Button size="sm" variant="outline" className="self-start" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : status.data.isEnabled ? (
        <TurnedOn
          enabledAt={status.data.enabledAt}
          recoveryCodesLeft={status.data.recoveryCodesLeft}
          onNewCodes={(codes) => setStage({ kind: 'codes', codes })}
        />
      ) : stage.kind === 'password' ? (
        <StartSetup
          onStarted={(setup) => setStage({ kind: 'setup', setup })}
          onCancel={() => setStage({ kind: 'idle' })}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <p className="flex items-center gap-2 text-sm">
            <ShieldOff aria-hidden="true" className="size-4 text-muted-foreground" />
            Two-step sign-in is off.
          </p>
          <Button className="self-start" onClick={() => setStage({ kind: 'password' })}>
            <ShieldCheck aria-hidden="true" />
            Turn on two-step sign-in
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}

function StartSetup({
  onStarted,
  onCancel,
}: {
  onStarted: (setup: TwoFactorSetup) => void;
  onCancel: () => void;
}) {
  const start = useStartTwoFactorSetup();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StartTwoFactorSetupInput>({
    resolver: zodResolver(StartTwoFactorSetupInput),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      onStarted(await start.mutateAsync(values));
    } catch (error) {
      showError(error, 'password', setError, 'Two-step sign-in could not be set up');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField
        label="Your password"
        error={errors.password?.message}
        hint="To turn it on, confirm it is you."
      >
        {(control) => (
          <Input {...currentPasswordInputProps} autoFocus {...control} {...register('password')} />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          Continue
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ConfirmSetup({
  setup,
  email,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  email: string;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTwoFactor();
  const signOutOthersId = useId();
  // The button that led here is gone: keyboard and screen-reader users start at the set-up's first step.
  const stepsRef = useRef<HTMLOListElement>(null);
  useEffect(() => stepsRef.current?.focus(), []);
  const secretId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EnableTwoFactorInput, unknown, z.output<typeof EnableTwoFactorInput>>({
    resolver: zodResolver(EnableTwoFactorInput),
    defaultValues: { code: '', signOutOtherSessions: true },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await enable.mutateAsync(values);
      toast.success(TWO_FACTOR_MESSAGES.enabled, {
        description:
          answer.revokedSessions > 0
            ? `Signed out of ${answer.revokedSessions} other session${answer.revokedSessions === 1 ? '' : 's'}.`
            : undefined,
      });
      onEnabled(answer.recoveryCodes);
    } catch (error) {
      showError(error, 'code', setError, 'Two-step sign-in could not be turned on');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <ol
        ref={stepsRef}
        tabIndex={-1}
        aria-label="Set-up steps"
        className="flex list-decimal flex-col gap-4 rounded-md pl-5 text-sm outline-offset-4"
      >
        <li className="pl-1">
          <div className="flex flex-col gap-3">
            <span>
              Scan this QR code with your authenticator app (for example Google Authenticator, Aegis or
              1Password).
            </span>
            <Suspense fallback={<Skeleton className="size-48 rounded-lg" />}>
              <QrCode
                value={setup.otpauthUri}
                label={`QR code to add Daybook (${email}) to an authenticator app`}
              />
            </Suspense>
            <span>
              Can't scan it? Enter this key in the app instead:{' '}
              <code
                id={secretId}
                className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm break-all select-all"
              >
                {groupSecret(setup.secret)}
              </code>
            </span>
          </div>
        </li>
        <li className="pl-1">
          <div className="flex flex-col gap-3">
            <span>{TWO_FACTOR_MESSAGES.codePrompt}, to confirm it works.</span>
            <FormField label="6-digit code" error={errors.code?.message} className="max-w-48">
              {(control) => <Input {...oneTimeCodeInputProps} {...control} {...register('code')} />}
            </FormField>
          </div>
        </li>
      </ol>
      <div className="flex items-center gap-2">
        <Checkbox id={signOutOthersId} {...register('signOutOtherSessions')} />
        <label htmlFor={signOutOthersId} className="text-sm">
          Sign out of my other sessions (every other browser and device)
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          <ShieldCheck aria-hidden="true" />
          Turn on
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const CodeForm = z.object({ code: z.string().trim().min(1, TWO_FACTOR_MESSAGES.codeOrRecoveryCode) });
type CodeForm = z.infer<typeof CodeForm>;

/** What a code opens once it is on: turning it off, or new recovery codes in place of the old. */
const ACTIONS = {
  off: {
    hint: 'Turning it off needs a code, so that an open session alone cannot do it.',
    submit: 'Turn off',
    failed: 'Two-step sign-in could not be turned off',
  },
  codes: {
    hint: 'New codes need a code too. Your old recovery codes stop working once the new ones are made.',
    submit: 'Make new codes',
    failed: 'New recovery codes could not be made',
  },
} as const;

function TurnedOn({
  enabledAt,
  recoveryCodesLeft,
  onNewCodes,
}: {
  enabledAt: string | null;
  recoveryCodesLeft: number;
  onNewCodes: (codes: string[]) => void;
}) {
  const disable = useDisableTwoFactor();
  const replace = useReplaceRecoveryCodes();
  const [action, setAction] = useState<keyof typeof ACTIONS | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CodeForm>({ resolver: zodResolver(CodeForm), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    if (!action) return;
    // Six digits are a code from the app; anything else is read as a recovery code.
    const totp = normalizeTotpCode(code);
    const input = totp ? { code: totp } : { recoveryCode: code };
    try {
      if (action === 'codes') {
        const answer = await replace.mutateAsync(input);
        toast.success('New recovery codes made', { description: 'The old ones no longer work.' });
        onNewCodes(answer.recoveryCodes);
        return;
      }
      await disable.mutateAsync(input);
      toast.success(TWO_FACTOR_MESSAGES.disabled);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields?.recoveryCode) {
        setError('code', { type: 'server', message: error.fields.recoveryCode }, { shouldFocus: true });
        return;
      }
      showError(error, 'code', setError, ACTIONS[action].failed);
    }
  });

  const open = (next: keyof typeof ACTIONS | null) => {
    reset({ code: '' });
    setAction(next);
  };
  const since = enabledAt ? formatInstant('mediumDate', enabledAt) : null;
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-sm">
        <ShieldCheck aria-hidden="true" className="size-4 text-primary" />
        <span>
          Two-step sign-in is on{since ? ` since ${since}` : ''}. {recoveryCodesLeft} recovery code
          {recoveryCodesLeft === 1 ? '' : 's'} left.
        </span>
      </p>
      {action ? (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField
            label="Code from your app, or a recovery code"
            error={errors.code?.message}
            hint={ACTIONS[action].hint}
            className="max-w-sm"
          >
            {(control) => (
              <Input
                autoComplete="one-time-code"
                spellCheck={false}
                autoFocus
                maxLength={40}
                {...control}
                {...register('code')}
              />
            )}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              variant={action === 'off' ? 'destructive' : 'primary'}
              disabled={isSubmitting}
            >
              {action === 'off' ? <ShieldOff aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
              {ACTIONS[action].submit}
            </Button>
            <Button variant="ghost" onClick={() => open(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => open('codes')}>
            <KeyRound aria-hidden="true" />
            Make new recovery codes
          </Button>
          <Button variant="outline" onClick={() => open('off')}>
            <ShieldOff aria-hidden="true" />
            Turn off two-step sign-in
          </Button>
        </div>
      )}
    </div>
  );
}
