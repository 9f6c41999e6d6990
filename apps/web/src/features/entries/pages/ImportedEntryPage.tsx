import { useNavigate, useParams } from 'react-router';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useImportedEntry } from '../api/get-imported-entry.ts';
import { EntryCard, type EntryMediaRenderer } from '../components/EntryCard.tsx';
import { BackToDashboard, openingEntryState } from '../components/OpeningEntryState.tsx';

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

  const body =
    openingEntryState(cipher, entry, LINKED_ENTRY_MISSING) ??
    (entry.data ? (
      <EntryCard
        entry={entry.data}
        accountZone={user?.timezone ?? 'UTC'}
        onDeleted={() => void navigate('/dashboard')}
        renderMedia={renderMedia}
      />
    ) : null);

  return (
    <div className="page-container flex max-w-3xl flex-col gap-6 py-8 sm:py-12">
      <h1 className="text-3xl font-semibold sm:text-4xl">Linked Entry</h1>
      {body}
      <BackToDashboard />
    </div>
  );
}
