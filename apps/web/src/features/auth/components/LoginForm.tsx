import { PASSWORD_RULES, type SignInInput } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogIn } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { currentPasswordInputProps, emailInputProps, Input } from '../../../components/ui/input.tsx';
import { DEFAULT_SIGNED_IN_PATH, REDIRECT_PARAM, safeRedirectPath } from '../../../lib/session/redirect.ts';
import { useIsHydrated } from '../../../lib/use-is-hydrated.ts';
import type { LoginProblem } from './login-submit.tsx';

/**
 * The form's check, the sign-in's API calls, its toasts and its problem messages (login-submit.tsx): loaded when
 * the form is first focused and waited for on submit, not with the page (ADR 049).
 */
const loadLoginSubmit = () => import('./login-submit.tsx');

/**
 * The passkey sign-in and SimpleWebAuthn's browser code (ADR 080): loaded when the passkey button is pressed, or when
 * the form is first focused in a browser that offers passkeys in the e-mail field's autofill.
 */
const loadPasskeySignIn = () => import('./passkey-sign-in.ts');

/** Whether the browser offers passkeys in a field's autofill (WebAuthn conditional mediation), asked without a library. */
async function offersPasskeyAutofill(): Promise<boolean> {
  const credential = globalThis.PublicKeyCredential as
    | { isConditionalMediationAvailable?: () => Promise<boolean> }
    | undefined;
  return (await credential?.isConditionalMediationAvailable?.().catch(() => false)) === true;
}

/** The code step of a two-step sign-in, loaded only when a right password asks for it (ADR 075). */
const TwoFactorStep = lazy(() => import('./TwoFactorStep.tsx'));

const LoginProblemAlert = lazy(() =>
  loadLoginSubmit().then(({ LoginProblemAlert }) => ({ default: LoginProblemAlert })),
);

type LoginFormValues = z.input<typeof SignInInput>;

/** The form's zod check, from the module that holds zod. */
const signInResolver: Resolver<LoginFormValues, unknown, SignInInput> = async (values, context, options) =>
  (await loadLoginSubmit()).signInResolver(values, context, options);

export function LoginForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const client = useQueryClient();
  const signIn = useMutation({
    mutationFn: async (input: SignInInput) => (await loadLoginSubmit()).signIn(input),
  });
  const isPremiumRequested = searchParams.get('intent') === 'premium';
  const [problem, setProblem] = useState<LoginProblem | null>(null);
  // On the prerendered page (ADR 049) the form is HTML before its script runs: a submit then would be the
  // browser's own, a GET with the password in the address. The button waits for the script; typing need not
  // (react-hook-form keeps a value typed before it registered the field).
  const isHydrated = useIsHydrated();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues, unknown, SignInInput>({
    resolver: signInResolver,
    // A confirmation link opened in another browser lands here with its address (`email`): only the password
    // is left to type (ADR 057).
    defaultValues: { email: searchParams.get('email') ?? '', password: '' },
  });

  const goOn = () => {
    const target = safeRedirectPath(searchParams.get(REDIRECT_PARAM)) ?? DEFAULT_SIGNED_IN_PATH;
    void navigate(target, { replace: true });
  };

  const [isPasskeyBusy, setIsPasskeyBusy] = useState(false);
  // The browser runs one passkey request at a time, and a new one ends the one waiting. The button's request must
  // not be ended by the autofill's, whose options may still be on their way when the button is pressed: the
  // autofill's starts only while no button request runs, and is asked for again after one that did not sign in.
  const isButtonRequest = useRef(false);
  const isAutofillOffered = useRef(false);
  const passkey = async (conditional: boolean): Promise<void> => {
    if (!conditional) {
      isButtonRequest.current = true;
      setProblem(null);
      setIsPasskeyBusy(true);
    }
    let outcome: Awaited<ReturnType<Awaited<ReturnType<typeof loadPasskeySignIn>>['signInWithPasskey']>>;
    try {
      const { signInWithPasskey } = await loadPasskeySignIn();
      outcome = await signInWithPasskey({
        conditional,
        client,
        isPremiumRequested,
        isWanted: () => !conditional || !isButtonRequest.current,
      });
    } finally {
      if (!conditional) {
        isButtonRequest.current = false;
        setIsPasskeyBusy(false);
      }
    }
    if (outcome.kind === 'problem') setProblem(outcome.problem);
    if (outcome.kind === 'signed-in') goOn();
    else if (isAutofillOffered.current && (!conditional || outcome.kind === 'problem')) void passkey(true);
  };

  // Passkeys in the e-mail field's autofill, asked for on the form's first focus where the browser offers them; a
  // request still waiting ends with the form.
  const isAutofillAsked = useRef(false);
  const offerPasskeyAutofill = () => {
    if (isAutofillAsked.current) return;
    isAutofillAsked.current = true;
    void offersPasskeyAutofill().then((isOffered) => {
      isAutofillOffered.current = isOffered;
      if (isOffered && !isButtonRequest.current) void passkey(true);
    });
  };
  useEffect(
    () => () => {
      if (isAutofillOffered.current) void loadPasskeySignIn().then((m) => m.cancelPasskeyRequest());
    },
    [],
  );

  const onSubmit = handleSubmit(async (input) => {
    setProblem(null);
    const { submitSignIn } = await loadLoginSubmit();
    const outcome = await submitSignIn(input, {
      client,
      isPremiumRequested,
      signInWith: signIn.mutateAsync,
    });
    if (outcome.kind === 'problem') setProblem(outcome.problem);
    if (outcome.kind === 'signed-in') goOn();
  });

  // A right password with two-step sign-in on: the code step takes the form's place.
  if (problem?.kind === 'two-factor')
    return (
      <Suspense fallback={null}>
        <TwoFactorStep onRestart={() => setProblem(null)} />
      </Suspense>
    );

  return (
    <form
      onSubmit={onSubmit}
      // The first focus in the form starts loading what a submit needs, and the passkey autofill where offered.
      onFocus={() => {
        void loadLoginSubmit();
        offerPasskeyAutofill();
      }}
      noValidate
      className="flex flex-col gap-5"
    >
      <FormField label="Email" error={errors.email?.message}>
        {(control) => (
          // `webauthn`: the browser may offer passkeys in this field's autofill (conditional mediation).
          <Input {...emailInputProps} autoComplete="username webauthn" {...control} {...register('email')} />
        )}
      </FormField>
      <div className="flex flex-col gap-1.5">
        <FormField label="Password" error={errors.password?.message}>
          {(control) => (
            <Input
              {...currentPasswordInputProps}
              minLength={PASSWORD_RULES.loginInputMinLength}
              {...control}
              {...register('password')}
            />
          )}
        </FormField>
        <Link
          to="/reset-password"
          className="self-end rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
      </div>

      {problem ? (
        <Suspense fallback={null}>
          <LoginProblemAlert problem={problem} />
        </Suspense>
      ) : null}

      <Button type="submit" size="lg" disabled={isSubmitting || !isHydrated} className="w-full">
        <LogIn aria-hidden="true" />
        {isSubmitting ? 'Logging in...' : 'Log In'}
      </Button>
      <div className="flex items-center gap-3 text-sm text-muted-foreground">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </div>
      <Button
        variant="outline"
        size="lg"
        disabled={isPasskeyBusy || !isHydrated}
        className="w-full"
        onClick={() => void passkey(false)}
      >
        <KeyRound aria-hidden="true" />
        Sign in with a passkey
      </Button>
    </form>
  );
}
