import { ENTRY_MESSAGES, isEditable } from '@daybook/shared';
import { Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useEntry } from '../api/get-entry.ts';
import { EntryEditForm } from '../components/EntryEditForm.tsx';
import { BackToDashboard, openingEntryState } from '../components/OpeningEntryState.tsx';
import { entryLabel } from '../format.ts';
import type { TextAssistRenderer } from '../text-assist.ts';

export const ENTRY_NOT_FOUND = 'Entry not found';

/**
 * /edit-entry/:id — the entry decrypted in an edit form, while its 12-hour window is open. The route renders it
 * through app/ with "AI Assist" in `assist`.
 */
export default function EditEntryPage({ assist }: { assist?: TextAssistRenderer | undefined }) {
  useDocumentTitle('Edit Entry');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const cipher = useEntryCipher();
  const entry = useEntry(user?.id ?? '', id, cipher.key.data);
  const toDashboard = () => void navigate('/dashboard');

  let body: ReactNode;
  // Cancel in the form leads back; every other state offers a link instead.
  let isFormShown = false;
  const opening = openingEntryState(cipher, entry, ENTRY_NOT_FOUND);
  if (opening || !entry.data) {
    body = opening;
  } else if (!isEditable(new Date(entry.data.createdAt), new Date())) {
    body = (
      <Alert variant="warning" role="alert">
        <p className="flex items-center gap-2">
          <Clock aria-hidden="true" className="size-4" />
          {ENTRY_MESSAGES.editWindowExpired}
        </p>
      </Alert>
    );
  } else if (entry.data.isDecryptionFailed) {
    body = (
      <Alert variant="error" role="alert">
        <p>{ENTRY_MESSAGES.decryptionFailed}</p>
      </Alert>
    );
  } else {
    isFormShown = true;
    body = (
      <Card className="flex flex-col gap-3 p-4 sm:p-6">
        <p className="text-sm text-muted-foreground">{entryLabel(entry.data, user?.timezone ?? 'UTC')}</p>
        <EntryEditForm
          entryId={entry.data.id}
          initialText={entry.data.text}
          initialMood={entry.data.moodTag}
          withMood
          hasMedia={entry.data.contentType !== 'text'}
          assist={assist}
          onSaved={toDashboard}
          onCancel={toDashboard}
        />
      </Card>
    );
  }

  return (
    <div className="page-container flex max-w-3xl flex-col gap-6 py-8 sm:py-12">
      <h1 className="text-3xl font-semibold sm:text-4xl">Edit Entry</h1>
      {body}
      {isFormShown ? null : <BackToDashboard />}
    </div>
  );
}
