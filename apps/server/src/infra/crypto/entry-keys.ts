import { createHmac } from 'node:crypto';
import { deriveEntryKey, type EntryKey } from '@daybook/shared';

const CACHE_LIMIT = 500;

/**
 * The server half of entry encryption (DESIGN.md): the salt is HMAC-SHA256(ENCRYPTION_SECRET, user id), never
 * stored, so a copy of the database alone decrypts nothing. The server derives a user's key only where a feature
 * needs plaintext (moderating what is being saved, shares, future messages, AI the user invokes, export).
 */
export function createEntryKeys(secret: string) {
  // PBKDF2 with 100,000 iterations costs tens of milliseconds; keep recent keys (they are re-derivable, not state).
  const cache = new Map<string, Promise<EntryKey>>();

  const saltFor = (userId: string) => createHmac('sha256', secret).update(userId).digest('base64');

  return {
    saltFor,
    keyFor(userId: string): Promise<EntryKey> {
      const cached = cache.get(userId);
      if (cached) {
        cache.delete(userId);
        cache.set(userId, cached);
        return cached;
      }
      const key = deriveEntryKey(userId, saltFor(userId));
      cache.set(userId, key);
      if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      return key;
    },
  };
}

export type EntryKeys = ReturnType<typeof createEntryKeys>;
