import { BILLING_MESSAGES, formatMoney, LocalCheckoutPayInput } from '@daybook/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { FlaskConical, LoaderCircle, Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { browserLocation } from '../../../lib/billing.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useLocalCheckoutSession, usePayLocalCheckout } from '../api/local-checkout.ts';

type PayValues = z.input<typeof LocalCheckoutPayInput>;

/** A same-site path from an address the server gave (absolute or not), for in-app navigation. */
function pathWithin(url: string): string {
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.origin === window.location.origin) return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    // Falls through to the dashboard.
  }
  return '/dashboard';
}

/**
 * The local provider's checkout (no Stripe keys, never in production): a page of our own that takes no money and
 * accepts Stripe's test card numbers. Paying drives the same subscription change a Stripe webhook would.
 */
export default function LocalCheckoutPage() {
  useDocumentTitle(BILLING_MESSAGES.localCheckoutTitle);
  const { sessionId = '' } = useParams();
  const session = useLocalCheckoutSession(sessionId);

  return (
    <div className="page-container py-10 sm:py-14">
      <div className="mx-auto flex w-full max-w-lg flex-col gap-6">
        <div className="flex flex-col gap-3 text-center">
          <span className="mx-auto inline-flex items-center gap-1.5 rounded-full border border-highlight-foreground/30 bg-highlight px-3 py-1 text-xs font-semibold tracking-wide text-highlight-foreground uppercase">
            <FlaskConical aria-hidden="true" className="size-3.5" />
            Test mode
          </span>
          <h1 className="text-3xl font-semibold sm:text-4xl">{BILLING_MESSAGES.localCheckoutTitle}</h1>
          <p className="text-muted-foreground">{BILLING_MESSAGES.localCheckoutNotice}</p>
        </div>
        {session.isPending ? (
          <Card className="flex flex-col gap-4 p-6" aria-busy="true">
            <span className="sr-only">Loading checkout…</span>
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </Card>
        ) : session.data ? (
          session.data.status === 'open' ? (
            <CheckoutForm sessionId={sessionId} session={session.data} />
          ) : (
            <Alert variant="warning" role="alert">
              <p>{BILLING_MESSAGES.checkoutSessionClosed}</p>
              <Link to="/dashboard" className="font-semibold underline underline-offset-4">
                Back to the dashboard
              </Link>
            </Alert>
          )
        ) : (
          <Alert variant="error" role="alert">
            <p>
              {session.error instanceof ApiRequestError && session.error.status === 404
                ? BILLING_MESSAGES.checkoutSessionNotFound
                : session.error?.message}
            </p>
            <Link to="/dashboard" className="font-semibold underline underline-offset-4">
              Back to the dashboard
            </Link>
          </Alert>
        )}
      </div>
    </div>
  );
}

type SessionView = NonNullable<ReturnType<typeof useLocalCheckoutSession>['data']>;

function CheckoutForm({ sessionId, session }: { sessionId: string; session: SessionView }) {
  const navigate = useNavigate();
  const pay = usePayLocalCheckout(sessionId);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PayValues>({
    resolver: zodResolver(LocalCheckoutPayInput),
    defaultValues: { cardNumber: '', expiry: '', cvc: '', name: '' },
  });
  const price = formatMoney(session.amount, session.currency, navigator.language);
  const per = session.interval === 'year' ? 'year' : 'month';

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const { url } = await pay.mutateAsync(values);
      browserLocation.assign(url);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <Card className="flex flex-col gap-6 p-5 sm:p-8">
      <dl className="flex flex-wrap items-baseline justify-between gap-2 border-b pb-4">
        <div>
          <dt className="sr-only">Plan</dt>
          <dd className="font-serif text-xl font-semibold">Daybook {session.planName}</dd>
          <dt className="sr-only">Billing</dt>
          <dd className="text-sm text-muted-foreground">Billed every {per}</dd>
        </div>
        <div className="text-right">
          <dt className="sr-only">Price</dt>
          <dd className="text-2xl font-semibold">
            {price}
            <span className="text-sm font-normal text-muted-foreground">/{per}</span>
          </dd>
        </div>
      </dl>

      <section aria-labelledby="test-cards-title" className="rounded-md border border-dashed p-3 text-sm">
        <h2 id="test-cards-title" className="font-sans text-sm font-semibold">
          Test card numbers
        </h2>
        <ul className="mt-1 flex flex-col gap-0.5 text-muted-foreground">
          <li>
            <span className="font-mono text-foreground">{session.testCards.success}</span> succeeds
          </li>
          <li>
            <span className="font-mono text-foreground">{session.testCards.declined}</span> is declined
          </li>
          <li>Any future expiry date, any 3-digit CVC and any name.</li>
        </ul>
      </section>

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField label="Name on card" error={errors.name?.message}>
          {(control) => <Input autoComplete="cc-name" {...control} {...register('name')} />}
        </FormField>
        <FormField label="Card number" error={errors.cardNumber?.message}>
          {(control) => (
            <Input
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              {...control}
              {...register('cardNumber')}
            />
          )}
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField label="Expiry (MM/YY)" error={errors.expiry?.message}>
            {(control) => (
              <Input autoComplete="cc-exp" placeholder="12/34" {...control} {...register('expiry')} />
            )}
          </FormField>
          <FormField label="CVC" error={errors.cvc?.message}>
            {(control) => (
              <Input
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                {...control}
                {...register('cvc')}
              />
            )}
          </FormField>
        </div>
        {problem ? (
          <Alert variant="error" role="alert">
            <p>{problem}</p>
          </Alert>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button
            type="submit"
            size="lg"
            disabled={isSubmitting}
            aria-busy={isSubmitting}
            className="sm:flex-1"
          >
            {isSubmitting ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : (
              <Lock aria-hidden="true" />
            )}
            Pay {price} (test)
          </Button>
          <Button
            type="button"
            size="lg"
            variant="outline"
            onClick={() => void navigate(pathWithin(session.cancelUrl))}
          >
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
