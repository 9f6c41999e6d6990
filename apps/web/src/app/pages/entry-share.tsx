import { PRIVATE_MODE } from '@daybook/shared';
import type { EntryShareRenderer } from '../../features/entries/components/EntryCard.tsx';
import { ShareButton } from '../../features/sharing/send/index.ts';

/**
 * An entry's share action in a list: the sharing feature's button (locked on plans without sharing). A private
 * entry (ADR 094) has none: the server could not open it for the person it is shared with, and sharing it end to
 * end is not built yet (the privacy page's table says so).
 */
export const renderEntryShare: EntryShareRenderer = (entry) =>
  entry.encryptionVersion === PRIVATE_MODE.encryptionVersion ? null : (
    <ShareButton entryId={entry.id} hasMedia={entry.contentType !== 'text'} />
  );
