import type { EntryShareRenderer } from '../../features/entries/components/EntryCard.tsx';
import { ShareButton } from '../../features/sharing/send/index.ts';

/** An entry's share action in a list: the sharing feature's button (locked on plans without sharing). */
export const renderEntryShare: EntryShareRenderer = (entry) => (
  <ShareButton entryId={entry.id} hasMedia={entry.contentType !== 'text'} />
);
