import type { TestAccountPlan } from '@daybook/shared';
import { Crown, LoaderCircle, LogIn, Sprout, Star } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FeatureUnavailable } from '../../../components/ui/feature-unavailable.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTestToolsQuery } from '../../../lib/server-info.ts';
import { toast } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSignInAsTestAccount, useTestAccounts } from '../api/test-accounts.ts';

const PLAN_ICONS = { free: Sprout, basic: Star, premium: Crown } as const;
const PLAN_LABELS = { free: 'Free', basic: 'Basic', premium: 'Premium' } as const;

/**
 * /test-accounts (docs/product/plans-billing.md#plans-test-tools): signs in as a seeded Free, Basic or Premium account. Only when the server has
 * test tools on (TEST_TOOLS, impossible in production); otherwise it says the page is not available.
 */
export default function TestAccountsPage() {
  const testTools = useTestToolsQuery();
  useDocumentTitle('Test Accounts');
  if (testTools.isPending) {
    return (
      <div className="page-container py-12" aria-busy="true">
        <span className="sr-only">Loading…</span>
        <Skeleton className="mx-auto h-10 w-64" />
      </div>
    );
  }
  if (!testTools.data) return <FeatureUnavailable title="Test Accounts" />;
  return <TestAccountPicker />;
}

function TestAccountPicker() {
  const accounts = useTestAccounts(true);
  const signInAs = useSignInAsTestAccount();
  const navigate = useNavigate();

  const choose = (plan: TestAccountPlan) =>
    signInAs.mutate(plan, {
      onSuccess: () => void navigate('/dashboard'),
      onError: (error) => toast.error(error.message),
    });

  return (
    <div className="page-container py-12 sm:py-16">
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
        <div className="flex flex-col gap-2 text-center">
          <h1 className="text-3xl font-semibold sm:text-4xl">Test Accounts</h1>
          <p className="text-muted-foreground">
            Sign in as a seeded account on each plan. This page exists only while the server's test tools are
            on; it is never available in production.
          </p>
        </div>
        {accounts.isPending ? (
          <div className="grid gap-4 sm:grid-cols-3" aria-busy="true">
            <span className="sr-only">Loading test accounts…</span>
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-40" />
            ))}
          </div>
        ) : accounts.data ? (
          <ul className="grid gap-4 sm:grid-cols-3">
            {accounts.data.accounts.map((account) => {
              const Icon = PLAN_ICONS[account.plan];
              const isBusy = signInAs.isPending && signInAs.variables === account.plan;
              return (
                <li key={account.plan}>
                  <Card className="flex h-full flex-col gap-3 p-5">
                    <Icon aria-hidden="true" className="size-6 text-primary" />
                    <h2 className="font-serif text-xl font-semibold">{PLAN_LABELS[account.plan]}</h2>
                    <p className="text-sm">{account.fullName}</p>
                    <p className="break-all text-sm text-muted-foreground">{account.email}</p>
                    <Button
                      className="mt-auto"
                      disabled={signInAs.isPending}
                      aria-busy={isBusy}
                      aria-label={`Sign in as the ${PLAN_LABELS[account.plan]} test account`}
                      onClick={() => choose(account.plan)}
                    >
                      {isBusy ? (
                        <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
                      ) : (
                        <LogIn aria-hidden="true" />
                      )}
                      Sign in
                    </Button>
                  </Card>
                </li>
              );
            })}
          </ul>
        ) : (
          <Alert variant="error" role="alert">
            <p>The test accounts could not be loaded: {accounts.error?.message}</p>
          </Alert>
        )}
      </div>
    </div>
  );
}
