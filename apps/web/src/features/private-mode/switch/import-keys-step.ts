import {
  deriveImportKeyV2,
  importAccountKey,
  PRIVATE_SWITCH_MESSAGES,
  privateNameOfStoredImportKey,
} from '@daybook/shared';
import { yieldToMain } from '../../../lib/encryption/entry-cipher.ts';
import { EncryptionError } from '../../../lib/encryption/support.ts';
import { keptAccountKey } from '../../../lib/private-keys/session-key.ts';
import { fetchPlainImportKeys, postRekeyImport } from './api/switch-api.ts';
import type { ReEncryptionStep, StepContext, StepProgress } from './runner.ts';

/*
 * Switching on, the import keys (ADR 097, amended; ADR 099's note). Entries the server imported while the account
 * was standard keep their archive identity (`dayone:<uuid>`, parts `#2`…) as import key; a private import names the
 * same entry by a keyed HMAC of it, so without this a re-import in private mode would add every one of them again.
 * Each page of plain keys is named here under the account's import key and sent back; the server renames only
 * keys still as they were, so a second run or another tab changes nothing.
 */
export function importKeysStep({ userId }: StepContext): ReEncryptionStep {
  return {
    id: 'import-keys',
    label: 'imported entries’ names',
    count: async (signal) => (await fetchPlainImportKeys(null, signal)).total,
    async run(onProgress, signal): Promise<StepProgress> {
      const raw = keptAccountKey(userId);
      if (!raw) throw new EncryptionError(PRIVATE_SWITCH_MESSAGES.needsUnlock);
      const nameKey = await deriveImportKeyV2(await importAccountKey(raw));
      let after: string | null = null;
      let done = 0;
      let total = 0;
      do {
        signal.throwIfAborted();
        const page = await fetchPlainImportKeys(after, signal);
        if (after === null) total = page.total;
        if (page.items.length > 0) {
          const keys = await Promise.all(
            page.items.map(async (item) => ({
              id: item.id,
              from: item.importKey,
              to: await privateNameOfStoredImportKey(nameKey, item.importKey),
            })),
          );
          await postRekeyImport({ keys }, signal);
          done += page.items.length;
          onProgress({ done, total: Math.max(total, done), unreadable: 0 });
          await yieldToMain();
        }
        after = page.next;
      } while (after !== null);
      return { done, total: Math.max(total, done), unreadable: 0 };
    },
  };
}
