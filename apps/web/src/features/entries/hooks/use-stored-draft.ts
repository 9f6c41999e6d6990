import { useCallback, useEffect, useMemo, useState } from 'react';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import type { DraftCipher } from '../../../lib/offline/drafts.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { type JournalDraft, takeLegacyDraft } from '../journal-draft.ts';

/** The IndexedDB code is fetched with the first draft read or write, never with the page. */
const loadDrafts = () => import('../../../lib/offline/drafts.ts');

export type DraftStore = {
  /** Undefined until this user's draft has been looked for; then the draft found, if any. */
  loaded: { draft: JournalDraft | undefined } | undefined;
  write: (draft: JournalDraft) => void;
  remove: () => void;
};

/**
 * The signed-in user's encrypted draft (ADR 040): read once for this user, written and removed in the
 * background. Without IndexedDB or the key (a private window, offline in a new tab) the card starts empty and
 * writes nothing that could be read back as plain text.
 */
export function useStoredDraft(): DraftStore {
  const { user } = useSession();
  const { support, encrypt, decrypt } = useEntryCipher();
  const userId = user?.id ?? null;
  const cipher = useMemo<DraftCipher>(
    () => ({
      encrypt,
      decrypt: async (sealed) => {
        const opened = await decrypt(sealed);
        return opened.isDecryptionFailed ? null : opened.text;
      },
    }),
    [encrypt, decrypt],
  );
  const [loaded, setLoaded] = useState<DraftStore['loaded']>(undefined);

  useEffect(() => {
    if (!userId || !support.isAvailable) {
      setLoaded({ draft: undefined });
      return;
    }
    let isCurrent = true;
    void (async () => {
      let draft: JournalDraft | undefined;
      try {
        const drafts = await loadDrafts();
        const legacy = takeLegacyDraft();
        if (legacy) {
          draft = legacy;
          await drafts.writeDraft(cipher, userId, legacy);
        } else {
          draft = await drafts.readDraft(cipher, userId);
        }
      } catch {
        // No draft to restore rather than an error: the card works without one.
      }
      if (isCurrent) setLoaded({ draft });
    })();
    return () => {
      isCurrent = false;
    };
  }, [userId, support.isAvailable, cipher]);

  const write = useCallback(
    (draft: JournalDraft) => {
      if (!userId || !support.isAvailable) return;
      void loadDrafts()
        .then((drafts) => drafts.writeDraft(cipher, userId, draft))
        .catch(() => undefined);
    },
    [userId, support.isAvailable, cipher],
  );

  const remove = useCallback(() => {
    if (!userId) return;
    void loadDrafts()
      .then((drafts) => drafts.removeDraft(userId))
      .catch(() => undefined);
  }, [userId]);

  return { loaded, write, remove };
}
