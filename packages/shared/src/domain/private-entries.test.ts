import { describe, expect, it } from 'vitest';
import { MOODS } from '../constants.ts';
import { CreateEntryInput, UpdateEntryInput } from '../schemas/entries.ts';
import { deriveEntryKeyV2, importAccountKey } from './account-key.ts';
import { decryptText, deriveEntryKey, encryptText, fromBase64, toBase64 } from './crypto.ts';
import {
  openEntryTextV2,
  openMoodV2,
  SEALED_MOOD_BYTES,
  SEALED_MOOD_CHARS,
  sealEntryTextV2,
  sealMoodV2,
} from './private-entries.ts';
import { randomKeyBytes } from './private-keys.ts';

const USER = '5a0a3f3e-4c1b-4d7e-9a51-1f0a4f3b2c10';
const OTHER_USER = '7d9e2b1c-0f4a-4e3b-8c2d-6a5b4c3d2e1f';

const entryKey = async () => deriveEntryKeyV2(await importAccountKey(randomKeyBytes()));

describe('version-2 entries', () => {
  it('seals text and mood under the account key and opens them with it', async () => {
    const key = await entryKey();
    const text = 'Walked to the lighthouse — 灯台 🌊 and back.';
    const sealed = await sealEntryTextV2(key, USER, text);
    expect(sealed.ciphertext).not.toContain('lighthouse');
    expect(fromBase64(sealed.iv)).toHaveLength(12);
    expect(await openEntryTextV2(key, USER, sealed)).toBe(text);
    for (const { label } of MOODS)
      expect(await openMoodV2(key, USER, await sealMoodV2(key, USER, label))).toBe(label);
    expect(await openMoodV2(key, USER, await sealMoodV2(key, USER, null))).toBeNull();
  });

  it('gives every mood, and no mood, a sealed value of the same length, each time a new one', async () => {
    const key = await entryKey();
    const sealed = await Promise.all(
      [null, ...MOODS.map((mood) => mood.label)].map((mood) => sealMoodV2(key, USER, mood)),
    );
    expect(SEALED_MOOD_CHARS).toBe(Math.ceil(SEALED_MOOD_BYTES / 3) * 4);
    for (const value of sealed) {
      expect(value).toHaveLength(SEALED_MOOD_CHARS);
      expect(fromBase64(value)).toHaveLength(SEALED_MOOD_BYTES);
    }
    expect(new Set(sealed).size).toBe(sealed.length);
    expect(await sealMoodV2(key, USER, 'Happy')).not.toBe(await sealMoodV2(key, USER, 'Happy'));
  });

  it('refuses to seal what is not a mood', async () => {
    await expect(sealMoodV2(await entryKey(), USER, 'Melancholic')).rejects.toThrow(RangeError);
  });

  it('opens nothing under another account key, the version-1 key, another account or another field', async () => {
    const key = await entryKey();
    const sealed = await sealEntryTextV2(key, USER, 'only mine');
    const mood = await sealMoodV2(key, USER, 'Anxious');
    await expect(openEntryTextV2(await entryKey(), USER, sealed)).rejects.toThrow();
    await expect(openMoodV2(await entryKey(), USER, mood)).rejects.toThrow();
    await expect(openEntryTextV2(key, OTHER_USER, sealed)).rejects.toThrow();
    await expect(openMoodV2(key, OTHER_USER, mood)).rejects.toThrow();
    const v1 = await deriveEntryKey(USER, toBase64(new Uint8Array(32).fill(7)));
    await expect(decryptText(v1, sealed)).rejects.toThrow();
    // A mood's ciphertext moved into the text does not open as text (the associated data names the field).
    const bytes = fromBase64(mood);
    const asText = { iv: toBase64(bytes.subarray(0, 12)), ciphertext: toBase64(bytes.subarray(12)) };
    await expect(openEntryTextV2(key, USER, asText)).rejects.toThrow();
    // Nor does a version-1 style ciphertext (no associated data) under the same key.
    await expect(openEntryTextV2(key, USER, await encryptText(key, 'no binding'))).rejects.toThrow();
  });

  it('notices a changed byte and a sealed mood of the wrong size', async () => {
    const key = await entryKey();
    const mood = fromBase64(await sealMoodV2(key, USER, 'Calm'));
    mood[20] = (mood[20] ?? 0) ^ 1;
    await expect(openMoodV2(key, USER, toBase64(mood))).rejects.toThrow();
    await expect(openMoodV2(key, USER, toBase64(new Uint8Array(59)))).rejects.toThrow(RangeError);
  });
});

describe('the entry schemas and the version', () => {
  const base = { encryptedContent: 'AAAA', encryptionIv: 'AAAAAAAAAAAAAAAA' };
  const sealedMood = 'A'.repeat(SEALED_MOOD_CHARS);

  it('takes version 1 with a plain mood and version 2 with a sealed one', () => {
    expect(CreateEntryInput.safeParse({ ...base, moodTag: 'Happy' }).success).toBe(true);
    expect(
      CreateEntryInput.safeParse({ ...base, encryptionVersion: 2, encryptedMood: sealedMood }).success,
    ).toBe(true);
    expect(
      UpdateEntryInput.safeParse({ ...base, encryptionVersion: 2, encryptedMood: sealedMood }).success,
    ).toBe(true);
  });

  it('refuses a version-2 entry with a plain mood or without its sealed mood, and a sealed mood in version 1', () => {
    for (const schema of [CreateEntryInput, UpdateEntryInput]) {
      expect(
        schema.safeParse({ ...base, encryptionVersion: 2, encryptedMood: sealedMood, moodTag: 'Sad' })
          .success,
      ).toBe(false);
      expect(schema.safeParse({ ...base, encryptionVersion: 2 }).success).toBe(false);
      expect(schema.safeParse({ ...base, encryptedMood: sealedMood }).success).toBe(false);
      expect(schema.safeParse({ ...base, encryptionVersion: 2, encryptedMood: 'AAAA' }).success).toBe(false);
      expect(schema.safeParse({ ...base, encryptionVersion: 3, encryptedMood: sealedMood }).success).toBe(
        false,
      );
    }
  });
});
