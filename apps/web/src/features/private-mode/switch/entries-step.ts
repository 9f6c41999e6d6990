import {
  type EntryKey,
  PRIVATE_MODE,
  PRIVATE_SWITCH,
  PRIVATE_SWITCH_MESSAGES,
  type ReEncryptedEntry,
  type ReEncryptionCandidate,
} from '@daybook/shared';
import {
  openEntryText,
  sealEntry,
  sealEntryText,
  yieldToMain,
} from '../../../lib/encryption/entry-cipher.ts';
import { EncryptionError } from '../../../lib/encryption/support.ts';
import { fetchReEncryptionPage, fetchSwitchStatus, postReEncrypt } from './api/switch-api.ts';
import type { ReEncryptionStep, StepContext, StepProgress } from './runner.ts';

/*
 * The entries' step of a switch (ADR 097). Toward private: each version-1 entry is opened with the version-1 key and
 * sealed with `sealEntry`, which seals text and mood under the account's key while private mode is unlocked here.
 * Toward standard: each version-2 entry is opened with the account's key and sealed under the version-1 key, its
 * mood plain again. Batches go to the server, which replaces a row only if it is still under the old version.
 */

/** Removes the converted entries from this browser's offline copy: it holds each entry as the server last sent it. */
async function forgetCopies(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  // The copy of a version-1 entry holds its mood plain, under a key the server can derive (ADR 084): it goes, and
  // the next visit keeps the entry again as it is now. Loaded only here, as the list loads it.
  try {
    const { removeCopiedEntry } = await import('../../../lib/offline/entry-copy.ts');
    for (const id of ids) await removeCopiedEntry(id);
  } catch {
    // A browser without IndexedDB (some private windows) keeps no copy, so there is nothing to take out; the run
    // goes on either way, since the server's rows are what switching changes.
  }
}

/** One entry sealed the other way, or null when it cannot be opened (damaged, or under another key). */
async function turn(
  entryKey: EntryKey,
  { userId, target }: StepContext,
  entry: ReEncryptionCandidate,
): Promise<ReEncryptedEntry | null> {
  const opened = await openEntryText(entryKey, entry, userId);
  if (opened.isDecryptionFailed) {
    if (opened.isLocked) throw new EncryptionError(PRIVATE_SWITCH_MESSAGES.needsUnlock);
    return null;
  }
  if (target === 'private') {
    let sealed: Awaited<ReturnType<typeof sealEntry>>;
    try {
      sealed = await sealEntry(entryKey, userId, opened.text, entry.moodTag);
    } catch {
      // A mood no longer among the moods cannot be sealed: left as it is, counted as not opened.
      return null;
    }
    if (sealed.encryptionVersion !== PRIVATE_MODE.encryptionVersion)
      throw new EncryptionError(PRIVATE_SWITCH_MESSAGES.needsUnlock);
    return {
      id: entry.id,
      encryptedContent: sealed.encryptedContent,
      encryptionIv: sealed.encryptionIv,
      encryptionVersion: PRIVATE_MODE.encryptionVersion,
      encryptedMood: sealed.encryptedMood,
    };
  }
  const sealed = await sealEntryText(entryKey, opened.text);
  return { id: entry.id, ...sealed, encryptionVersion: 1, moodTag: opened.moodTag ?? null };
}

/**
 * The entries' step. `entryKey` is the version-1 key of this browser session (lib/encryption/entry-key.ts); the
 * version-2 key comes from the account key unlocked here.
 */
export function entriesStep(context: StepContext, entryKey: EntryKey): ReEncryptionStep {
  const { target } = context;
  return {
    id: 'entries',
    label: 'entries',
    async count(signal) {
      const status = await fetchSwitchStatus(signal);
      return target === 'private' ? status.readableEntries : status.privateEntries;
    },
    async run(onProgress, signal) {
      const progress: StepProgress = { done: 0, total: 0, unreadable: 0 };
      let after: string | null = null;
      let isFirst = true;
      for (;;) {
        signal.throwIfAborted();
        const page = await fetchReEncryptionPage(target, after, signal);
        if (isFirst) {
          progress.total = page.remaining;
          isFirst = false;
        }
        for (let start = 0; start < page.entries.length; start += PRIVATE_SWITCH.batchSize) {
          signal.throwIfAborted();
          const batch = page.entries.slice(start, start + PRIVATE_SWITCH.batchSize);
          const turned = await Promise.all(batch.map((entry) => turn(entryKey, context, entry)));
          const ready = turned.filter((entry): entry is ReEncryptedEntry => entry !== null);
          progress.unreadable += batch.length - ready.length;
          if (ready.length > 0) {
            // Not aborted with the run: a batch under way is finished, so what the bar says is what was written.
            const result = await postReEncrypt(ready);
            progress.done += result.converted.length + result.skipped.length;
            await forgetCopies([...result.converted, ...result.skipped]);
          }
          progress.total = Math.max(progress.total, progress.done + progress.unreadable);
          onProgress({ ...progress });
          // The page keeps its turns between batches, as openEntries does for the list.
          await yieldToMain();
        }
        if (!page.next) return progress;
        after = page.next;
      }
    },
  };
}
