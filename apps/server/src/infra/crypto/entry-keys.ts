import { createDecipheriv, createHmac, KeyObject } from 'node:crypto';
import { deriveEntryKey, type EntryKey, type Sealed } from '@daybook/shared';

/** AES-GCM's tag as WebCrypto appends it to the ciphertext (its default, 128 bits). */
const GCM_TAG_BYTES = 16;

const CACHE_LIMIT = 500;

/**
 * The server half of entry encryption (docs/design.md#design-encryption): the salt is HMAC-SHA256(ENCRYPTION_SECRET, user id), never
 * stored, so a copy of the database alone decrypts nothing. The server derives a user's key only where a feature
 * needs plaintext (moderating what is being saved, shares, future messages, AI the user invokes, export).
 */
export function createEntryKeys(secret: string) {
  // PBKDF2 with 100,000 iterations costs tens of milliseconds; keep recent keys (they are re-derivable, not state).
  const cache = new Map<string, Promise<EntryKey>>();

  const saltFor = (userId: string) => createHmac('sha256', secret).update(userId).digest('base64');
  /** Node's handle on each cached key, made once (it lives as long as the key does). */
  const keyObjects = new WeakMap<EntryKey, KeyObject>();

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

    /**
     * The same AES-GCM decryption as the shared `decryptText`, done synchronously by Node's cipher once the key is
     * at hand: a short entry takes microseconds, where WebCrypto's asynchronous job waited for a free thread and
     * then for a turn of a busy event loop (bench/entries.bench.ts measured that wait as most of an entry's
     * creation; ADR 047). Throws, like `decryptText`, when the ciphertext was tampered with or sealed under
     * another key.
     */
    async decrypt(key: EntryKey, sealed: Sealed): Promise<string> {
      let keyObject = keyObjects.get(key);
      if (!keyObject) {
        keyObject = KeyObject.from(key);
        keyObjects.set(key, keyObject);
      }
      const bytes = Buffer.from(sealed.ciphertext, 'base64');
      if (bytes.length < GCM_TAG_BYTES) throw new Error('ciphertext too short');
      const decipher = createDecipheriv('aes-256-gcm', keyObject, Buffer.from(sealed.iv, 'base64'));
      decipher.setAuthTag(bytes.subarray(bytes.length - GCM_TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - GCM_TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

export type EntryKeys = ReturnType<typeof createEntryKeys>;
