import { Link, useSearchParams } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { Island } from '../../../components/ui/island.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { LoginForm } from '../components/LoginForm.tsx';
import { LoginHelper } from '../components/LoginHelper.tsx';
import {
  EmailConfirmedNotice,
  VerificationLinkNotice,
  verificationLinkMessage,
} from '../components/VerificationLinkNotice.tsx';

export default function LoginPage() {
  useDocumentTitle('Log In');
  const [searchParams] = useSearchParams();
  const isPremiumIntent = searchParams.get('intent') === 'premium';
  const linkProblem = verificationLinkMessage(searchParams.get('error'));
  // The server sends a confirmation link opened in another browser here, without signing it in.
  const isEmailConfirmed = searchParams.get('verified') === '1';

  return (
    <div className="page-container py-12 sm:py-16">
      <div className="mx-auto flex w-full max-w-md flex-col gap-6">
        <div className="flex flex-col gap-2 text-center">
          <h1 className="text-3xl font-semibold sm:text-4xl">
            {isPremiumIntent ? 'Login to Upgrade' : 'Welcome back'}
          </h1>
          <p className="text-muted-foreground">
            {isPremiumIntent
              ? 'Log in to your account to continue to Premium.'
              : 'Log in to continue your journal.'}
          </p>
        </div>
        {isEmailConfirmed && !linkProblem ? <EmailConfirmedNotice /> : null}
        {linkProblem ? <VerificationLinkNotice message={linkProblem} /> : null}
        <Card className="p-5 sm:p-8">
          {/* Hydrated on the prerendered page (ADR 049): what a visitor typed before the script ran stays. */}
          <Island name="login-form" hydrated>
            <LoginForm />
          </Island>
        </Card>
        <p className="text-center text-sm text-muted-foreground">
          Don't have an account?{' '}
          <Link
            to={isPremiumIntent ? '/register?intent=premium' : '/register'}
            className="rounded-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            Create an account
          </Link>
        </p>
        <Island name="login-helper">
          <LoginHelper />
        </Island>
      </div>
    </div>
  );
}
