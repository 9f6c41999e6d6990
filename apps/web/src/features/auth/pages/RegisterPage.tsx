import { Link, useSearchParams } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { RegisterForm } from '../components/RegisterForm.tsx';

export default function RegisterPage() {
  useDocumentTitle('Sign Up');
  const [searchParams] = useSearchParams();
  const isPremiumIntent = searchParams.get('intent') === 'premium';

  return (
    <div className="page-container py-12 sm:py-16">
      <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
        <div className="flex flex-col gap-2 text-center">
          <h1 className="text-3xl font-semibold sm:text-4xl">Create your account</h1>
          <p className="text-muted-foreground">
            Start your private journal. The text of your entries is encrypted in your browser before it is
            stored.
          </p>
        </div>
        <Card className="p-5 sm:p-8">
          <RegisterForm
            initialPlan={isPremiumIntent ? 'premium' : 'free'}
            initialBilling={searchParams.get('billing') === 'year' ? 'year' : 'month'}
          />
        </Card>
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{' '}
          <Link
            to={isPremiumIntent ? '/login?intent=premium' : '/login'}
            className="rounded-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            Log in
          </Link>
        </p>
      </div>
    </div>
  );
}
