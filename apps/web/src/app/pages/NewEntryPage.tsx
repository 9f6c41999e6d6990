import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { QuickEntryCardWithMedia } from './entry-media.tsx';

/**
 * /new-entry: the quick entry card on its own, open, with media (entries and media, so composed here in
 * app/); after saving, back to the dashboard.
 */
export default function NewEntryPage() {
  useDocumentTitle('New Entry');
  const navigate = useNavigate();
  return (
    <div className="page-container flex max-w-3xl flex-col gap-6 py-8 sm:py-12">
      <div className="flex flex-col gap-3">
        <Button asChild variant="link" size="sm" className="self-start">
          <Link to="/dashboard">
            <ArrowLeft aria-hidden="true" />
            Back to dashboard
          </Link>
        </Button>
        <h1 className="text-3xl font-semibold sm:text-4xl">New Entry</h1>
      </div>
      <QuickEntryCardWithMedia isStandalone onSaved={() => void navigate('/dashboard')} />
    </div>
  );
}
