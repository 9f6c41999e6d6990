import { RecoveryCode, TotpCode, TWO_FACTOR_MESSAGES, TwoFactorAttempts } from '@daybook/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { DEFAULT_SIGNED_IN_PATH, REDIRECT_PARAM, safeRedirectPath } from '../../../lib/session/redirect.ts';
import { verifyTwoFactor } from '../api/verify-two-factor.ts';
import { finishSignIn } from './login-submit.tsx';

/*
 * The login's code step (ADR 075), loaded only once a password was right on an account with two-step sign-in: the
 * login page's first load does not carry it.
 */

const CodeForm = z.object({ code: TotpCode });
const RecoveryForm = z.object({ code: RecoveryCode });
type StepValues = { code: string };

type StepProblem = { message: string; remainingAttempts?: number; isExpired?: boolean };

function problemFrom(error: unknown): StepProblem {
  if (!(error instanceof ApiRequestError)) return { message: String(error) };
  const attempts = TwoFactorAttempts.safeParse(error.details?.twoFactorAttempts);
  const remainingAttempts =
    attempts.success && !attempts.data.isLockedOut && attempts.data.remainingAttempts <= 2
      ? attempts.data.remainingAttempts
      : undefined;
  return {
    message: error.message,
    remainingAttempts,
    isExpired: error.code === 'TWO_FACTOR_CHALLENGE_EXPIRED',
  };
}

/** `onRestart`: the pending state ran out, back to the e-mail and password. */
export default function TwoFactorStep({ onRestart }: { onRestart: () => void }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [isRecovery, setIsRecovery] = useState(false);
  const [problem, setProblem] = useState<StepProblem | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<StepValues, unknown, StepValues>({
    resolver: zodResolver(isRecovery ? RecoveryForm : CodeForm),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    setProblem(null);
    try {
      const user = await verifyTwoFactor(isRecovery ? { recoveryCode: code } : { code });
      const outcome = await finishSignIn(user, {
        client,
        isPremiumRequested: searchParams.get('intent') === 'premium',
      });
      if (outcome.kind !== 'signed-in') return;
      const target = safeRedirectPath(searchParams.get(REDIRECT_PARAM)) ?? DEFAULT_SIGNED_IN_PATH;
      void navigate(target, { replace: true });
    } catch (error) {
      setProblem(problemFrom(error));
      setFocus('code');
    }
  });

  const onSwitch = () => {
    setIsRecovery(!isRecovery);
    setProblem(null);
    reset({ code: '' });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-labelledby="two-step-title">
      <div className="flex flex-col gap-1">
        <h2 id="two-step-title" className="flex items-center gap-2 text-lg font-semibold">
          <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          Two-step sign-in
        </h2>
        <p className="text-sm text-muted-foreground">
          {isRecovery ? TWO_FACTOR_MESSAGES.recoveryPrompt : TWO_FACTOR_MESSAGES.codePrompt}
        </p>
      </div>
      <FormField label={isRecovery ? 'Recovery code' : '6-digit code'} error={errors.code?.message}>
        {(control) => (
          <Input
            key={isRecovery ? 'recovery' : 'code'}
            autoComplete="one-time-code"
            inputMode={isRecovery ? 'text' : 'numeric'}
            maxLength={isRecovery ? 40 : 7}
            spellCheck={false}
            autoFocus
            {...control}
            {...register('code')}
          />
        )}
      </FormField>
      {problem ? (
        <Alert variant={problem.isExpired ? 'warning' : 'error'} role="alert">
          <p>{problem.message}</p>
          {problem.remainingAttempts !== undefined ? (
            <p className="font-semibold">
              {TWO_FACTOR_MESSAGES.attemptsRemaining(problem.remainingAttempts)}
            </p>
          ) : null}
          {problem.isExpired ? (
            <Button size="sm" variant="outline" className="self-start" onClick={onRestart}>
              Back to sign in
            </Button>
          ) : null}
        </Alert>
      ) : null}
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Checking...' : 'Verify and log in'}
      </Button>
      <Button variant="link" className="self-center" onClick={onSwitch}>
        {isRecovery ? 'Use a code from your authenticator app instead' : 'Use a recovery code instead'}
      </Button>
    </form>
  );
}
