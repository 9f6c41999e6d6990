import { PRIVATE_MODE } from '@daybook/shared';
import type { EntryShareRenderer } from '../../features/entries/components/EntryCard.tsx';
import { ShareButton } from '../../features/sharing/send/index.ts';

/**
 * An entry's share action in a list: the sharing feature's button (locked on plans without sharing). A private
 * entry (ADR 094) is shared end to end: its browser seals a copy for each recipient (ADR 103).
 */
export const renderEntryShare: EntryShareRenderer = (entry) => (
  <ShareButton
    entryId={entry.id}
    hasMedia={entry.contentType !== 'text'}
    isPrivate={entry.encryptionVersion === PRIVATE_MODE.encryptionVersion}
  />
);
