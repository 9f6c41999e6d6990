import { MESSAGES } from '@daybook/shared';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from './button.tsx';

/**
 * "Page not found": the catch-all route's page, and what a page shows whose subject does not exist for this visitor
 * (the admin area to anyone but an administrator).
 */
export function NotFoundView() {
  useDocumentTitle('Page not found');
  return (
    <div className="page-container flex flex-col items-center gap-5 py-24 text-center sm:py-32">
      <p className="font-serif text-7xl font-semibold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-semibold sm:text-4xl">{MESSAGES.notFound}</h1>
      <p className="max-w-md text-muted-foreground">
        The page you are looking for doesn't exist or has moved. Check the address, or start again from the
        home page.
      </p>
      <Button asChild size="lg" className="mt-2">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}
