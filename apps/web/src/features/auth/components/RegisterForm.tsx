import {
  AUTH_MESSAGES,
  BillingInterval,
  Email,
  FULL_NAME_MAX_LENGTH,
  FullName,
  NewPassword,
  PlanChoice,
  passwordStrength,
  type RegisterInput,
} from '@daybook/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { emailInputProps, Input } from '../../../components/ui/input.tsx';
import { NewPasswordFields } from '../../../components/ui/new-password-fields.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { STORAGE_KEYS } from '../../../lib/constants.ts';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { rememberRegistrationChoice } from '../../../lib/private-keys/registration-choice.ts';
import { writeStoredString } from '../../../lib/storage.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { toast } from '../../../lib/toast.ts';
import { useRegister } from '../api/register.ts';
import { CheckEmailDialog } from './CheckEmailDialog.tsx';
import { EncryptionChooser } from './EncryptionChooser.tsx';
import { PlanChooser } from './PlanChooser.tsx';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';

/** docs/product/shell.md#shell-timings toast durations. */
const EMAIL_EXISTS_TOAST_MS = 6000;
const EMAIL_NOT_CONFIRMED_TOAST_MS = 8000;

const RegisterFormValues = z
  .object({
    plan: PlanChoice,
    billingCycle: BillingInterval,
    fullName: FullName,
    email: Email,
    password: NewPassword,
    confirmPassword: z.string(),
    acceptTerms: z.boolean().refine((isAccepted) => isAccepted, AUTH_MESSAGES.termsRequired),
    /** Kept in this browser, never sent: private mode is set up after the first sign-in (ADR 095). */
    encryption: z.enum(['standard', 'private']),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDoNotMatch,
  });
type RegisterFormValues = z.input<typeof RegisterFormValues>;

const FIELD_NAMES = ['fullName', 'email', 'password', 'confirmPassword', 'acceptTerms'] as const;

/** Why "Create Account" is disabled, in words (docs/product/accounts.md#accounts-registration: terms, matching passwords, not weak). */
function blockingReasons(values: { password: string; confirmPassword: string; acceptTerms: boolean }) {
  const reasons: string[] = [];
  if (passwordStrength(values.password) === 'weak') reasons.push('choose a stronger password');
  if (values.password !== values.confirmPassword) reasons.push('make both passwords match');
  if (!values.acceptTerms) reasons.push('agree to the Terms of Service and Privacy Policy');
  return reasons;
}

export function RegisterForm({
  initialPlan,
  initialBilling = 'month',
}: {
  initialPlan: PlanChoice;
  initialBilling?: BillingInterval;
}) {
  const navigate = useNavigate();
  const registerAccount = useRegister();
  const hintId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [hasLocalMailbox, setHasLocalMailbox] = useState(false);
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues>({
    resolver: zodResolver(RegisterFormValues),
    defaultValues: {
      plan: initialPlan,
      billingCycle: initialBilling,
      fullName: '',
      email: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
      encryption: 'standard',
    },
  });

  const plan = watch('plan');
  const billingCycle = watch('billingCycle');
  const password = watch('password');
  const confirmPassword = watch('confirmPassword');
  const acceptTerms = watch('acceptTerms');
  const encryption = watch('encryption');
  const reasons = blockingReasons({ password, confirmPassword, acceptTerms });
  const isBlocked = isSubmitting || reasons.length > 0;

  const onSubmit = handleSubmit(async ({ encryption: chosenEncryption, ...values }) => {
    setUnconfirmedEmail(null);
    const timezone = browserTimeZone();
    const input: RegisterInput = {
      ...values,
      acceptTerms: true,
      privateMode: chosenEncryption === 'private',
      ...(timezone ? { timezone } : {}),
    };
    try {
      const answer = await registerAccount.mutateAsync(input);
      // Read by the dashboard's welcome card (docs/product/plans-billing.md#plans-prompts).
      writeStoredString(STORAGE_KEYS.registrationPlanChoice, values.plan);
      writeStoredString(STORAGE_KEYS.registrationDate, new Date().toISOString());
      rememberRegistrationChoice(chosenEncryption === 'private');
      setSentTo(answer.email);
      setHasLocalMailbox(answer.localMailbox === true);
      if (!answer.intentSaved) toast.warning(AUTH_MESSAGES.premiumIntentNotSaved);
    } catch (error) {
      onRegisterError(error, values.email);
    }
  });

  const onRegisterError = (error: unknown, email: string) => {
    if (!(error instanceof ApiRequestError)) {
      toast.error(AUTH_MESSAGES.registrationFailed, { description: AUTH_MESSAGES.accountCreateFailed });
      return;
    }
    if (error.code === 'EMAIL_ALREADY_EXISTS') {
      toast.error(AUTH_MESSAGES.emailAlreadyExists, {
        duration: EMAIL_EXISTS_TOAST_MS,
        action: { label: 'Go to Login', onClick: () => void navigate('/login') },
      });
      return;
    }
    if (error.code === 'EMAIL_NOT_CONFIRMED') {
      setUnconfirmedEmail(email.trim().toLowerCase());
      toast.error(AUTH_MESSAGES.emailNotConfirmed, {
        description: AUTH_MESSAGES.spamFolderHint,
        duration: EMAIL_NOT_CONFIRMED_TOAST_MS,
      });
      return;
    }
    if (showServerFieldErrors(error, FIELD_NAMES, setError)) return;
    toast.error(AUTH_MESSAGES.registrationFailed, {
      description: error.code === 'RATE_LIMITED' ? error.message : AUTH_MESSAGES.accountCreateFailed,
    });
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <PlanChooser
          billing={billingCycle}
          onBillingChange={(value) => setValue('billingCycle', value)}
          radioProps={register('plan')}
          selected={plan}
        />
        <div className="flex flex-col gap-5">
          <FormField label="Full name" error={errors.fullName?.message}>
            {(control) => (
              <Input
                autoComplete="name"
                maxLength={FULL_NAME_MAX_LENGTH}
                {...control}
                {...register('fullName')}
              />
            )}
          </FormField>
          <FormField label="Email" error={errors.email?.message}>
            {(control) => <Input {...emailInputProps} {...control} {...register('email')} />}
          </FormField>
          <EncryptionChooser radioProps={register('encryption')} selected={encryption} />
          <NewPasswordFields
            passwordLabel="Password"
            confirmLabel="Confirm password"
            password={password}
            confirmPassword={confirmPassword}
            passwordField={register('password')}
            confirmField={register('confirmPassword')}
            passwordError={errors.password?.message}
            confirmError={errors.confirmPassword?.message}
            isMatchCheckedWhileTyping
          />
          <div className="flex flex-col gap-1.5">
            <div className="flex items-start gap-3">
              <Checkbox
                id={`${hintId}-terms`}
                aria-invalid={Boolean(errors.acceptTerms)}
                aria-describedby={errors.acceptTerms ? `${hintId}-terms-error` : undefined}
                className="mt-0.5"
                {...register('acceptTerms')}
              />
              <label htmlFor={`${hintId}-terms`} className="text-sm">
                I agree to the{' '}
                <Link
                  to="/terms"
                  target="_blank"
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Terms of Service
                </Link>{' '}
                and{' '}
                <Link
                  to="/privacy"
                  target="_blank"
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Privacy Policy
                </Link>
              </label>
            </div>
            {errors.acceptTerms ? (
              <p id={`${hintId}-terms-error`} className="text-sm text-destructive">
                {errors.acceptTerms.message}
              </p>
            ) : null}
          </div>
        </div>

        {unconfirmedEmail ? (
          <Alert variant="warning" role="alert">
            <p>{AUTH_MESSAGES.emailNotConfirmed}</p>
            <p>{AUTH_MESSAGES.spamFolderHint}</p>
            <ResendVerificationButton email={unconfirmedEmail} size="sm" className="self-start" />
          </Alert>
        ) : null}

        <div className="flex flex-col gap-2">
          <Button
            type="submit"
            size="lg"
            disabled={isBlocked}
            aria-busy={isSubmitting}
            aria-describedby={reasons.length > 0 && !isSubmitting ? hintId : undefined}
            className="w-full"
          >
            {isSubmitting ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : (
              <UserPlus aria-hidden="true" />
            )}
            Create Account
          </Button>
          {reasons.length > 0 && !isSubmitting ? (
            <p id={hintId} className="text-center text-sm text-muted-foreground">
              To continue, {reasons.join(', ')}.
            </p>
          ) : null}
        </div>
      </form>
      <CheckEmailDialog email={sentTo} hasLocalMailbox={hasLocalMailbox} onClose={() => setSentTo(null)} />
    </>
  );
}
