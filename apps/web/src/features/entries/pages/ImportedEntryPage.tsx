import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useImportedEntry } from '../api/get-imported-entry.ts';
import { EncryptionUnavailableAlert } from '../components/EncryptionUnavailableAlert.tsx';
import { EntryCard, type EntryMediaRenderer } from '../components/EntryCard.tsx';
import { RetryAlert } from '../components/RetryAlert.tsx';

/** Said when a link between imported entries names an entry this journal does not hold (ADR 088). */
export const LINKED_ENTRY_MISSING =
  'This entry is not in your journal: it was not imported, or it has been deleted.';

/**
 * /entry/:source/:ref — where a link between imported entries leads (ADR 088): the entry imported from that
 * journal's entry, as its card in the list shows it (attachments, Delete), with a way back.
 */
export default function ImportedEntryPage({ renderMedia }: { renderMedia?: EntryMediaRenderer | undefined }) {
  useDocumentTitle('Linked Entry');
  const { source = '', ref = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const cipher = useEntryCipher();
  const entry = useImportedEntry(user?.id ?? '', source, ref, cipher.key.data);

  let body: ReactNode;
  if (!cipher.support.isAvailable) {
    body = <EncryptionUnavailableAlert support={cipher.support} />;
  } else if (cipher.key.isError) {
    body = (
      <RetryAlert
        message={`This entry could not be unlocked. ${cipher.key.error.message}`}
        onRetry={() => void cipher.key.refetch()}
      />
    );
  } else if (entry.isPending) {
    body = (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">Loading the entry…</span>
        <Skeleton className="h-40 rounded-card" />
      </div>
    );
  } else if (entry.isError) {
    const isNotFound = entry.error instanceof ApiRequestError && entry.error.status === 404;
    body = (
      <RetryAlert
        message={isNotFound ? LINKED_ENTRY_MISSING : `This entry could not be loaded. ${entry.error.message}`}
        onRetry={isNotFound ? undefined : () => void entry.refetch()}
      />
    );
  } else {
    body = (
      <EntryCard
        entry={entry.data}
        accountZone={user?.timezone ?? 'UTC'}
        onDeleted={() => void navigate('/dashboard')}
        renderMedia={renderMedia}
      />
    );
  }

  return (
    <div className="page-container flex max-w-3xl flex-col gap-6 py-8 sm:py-12">
      <h1 className="text-3xl font-semibold sm:text-4xl">Linked Entry</h1>
      {body}
      <Button asChild variant="outline" className="self-start">
        <Link to="/dashboard">
          <ArrowLeft aria-hidden="true" />
          Back to dashboard
        </Link>
      </Button>
    </div>
  );
}
