import { api, type EntryPage } from '@daybook/shared';
import { callApi } from '../../lib/api-client.ts';
import { keptAccountKey } from '../../lib/private-keys/session-key.ts';
import { getSession } from '../../lib/session/get-session.ts';
import { resealEntryMediaForPrivateMode } from './reseal.ts';

/*
 * Switching private mode on, the media's part (ADR 096, ADR 097): every entry of the journal is visited, a page at a
 * time, and each one with a photo, voice note, video or further attachments has them sealed again under the
 * account's key (resealEntryMediaForPrivateMode, which skips a file already sealed that way). So a run stopped
 * halfway resumes by running again: what was sealed is skipped at the cost of one link request. The switch-on
 * runner (features/private-mode/switch/) plugs this step in through the profile's route.
 */

const PAGE_SIZE = 50;

export type MediaReencryptProgress = { done: number; total: number };

const hasMedia = (entry: EntryPage['entries'][number]) =>
  (entry.mediaUrl !== null && entry.contentType !== 'text') || (entry.attachments?.length ?? 0) > 0;

const entriesPage = (page: number, signal?: AbortSignal) =>
  callApi(api.entries.list, { query: { page, pageSize: PAGE_SIZE }, signal });

export const mediaReencryptStep = {
  id: 'media',
  label: 'Photos, voice notes and videos',
  /** The entries to look through: every file's place is an entry. */
  count: async (signal?: AbortSignal) => (await entriesPage(1, signal)).total,

  async run(onProgress: (progress: MediaReencryptProgress) => void, signal?: AbortSignal) {
    const { user } = await getSession(signal);
    if (!user) throw new Error('Sign in again to finish turning private mode on.');
    const accountKey = keptAccountKey(user.id);
    if (!accountKey) throw new Error('Unlock your journal with your passphrase to go on.');
    let done = 0;
    let total = 0;
    for (let page = 1; ; page++) {
      signal?.throwIfAborted();
      const answer = await entriesPage(page, signal);
      total = answer.total;
      for (const entry of answer.entries) {
        if (hasMedia(entry)) await resealEntryMediaForPrivateMode(entry.id, accountKey, { signal });
        done += 1;
        onProgress({ done, total: Math.max(total, done) });
      }
      if (answer.entries.length < PAGE_SIZE) break;
    }
    return { converted: done, unreadable: 0 };
  },
};
