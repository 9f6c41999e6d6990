/*
 * Private mode's numbers (encryption version 2, ADR 089; its words are private-mode-messages.ts), in a module of their own like
 * two-factor-constants.ts: the web's shell imports constants.ts, and these belong with the private-mode code, which
 * loads only for the accounts and pages that use it.
 */

/** Argon2id's cost: memory in KiB, passes and lanes. */
export type KdfParams = { memoryKiB: number; iterations: number; parallelism: number };

export const PRIVATE_MODE = {
  encryptionVersion: 2,
  /**
   * What a new wrap is derived with: 64 MiB, 3 passes, 1 lane (RFC 9106's second recommendation with one lane,
   * above OWASP's minimum). Stored beside the wrap, so a later release can raise them at the next passphrase change.
   */
  kdf: { memoryKiB: 64 * 1024, iterations: 3, parallelism: 1 } satisfies KdfParams,
  /**
   * OWASP's minimum for Argon2id (19 MiB, 2 passes, 1 lane). The browser refuses to derive with less, so a server
   * that offers weaker parameters cannot make a passphrase cheaper to guess.
   */
  kdfFloor: { memoryKiB: 19 * 1024, iterations: 2, parallelism: 1 } satisfies KdfParams,
  /** What a phone can still derive in a few seconds: the server refuses more, which would lock a person out. */
  kdfCeiling: { memoryKiB: 1024 * 1024, iterations: 10, parallelism: 4 } satisfies KdfParams,
  kdfSaltBytes: 16,
  accountKeyBytes: 32,
  /** A wrap: a 12-byte IV, then the 32-byte key sealed with AES-256-GCM and its 16-byte tag. */
  wrappedKeyBytes: 12 + 32 + 16,
  keyProofBytes: 32,
  /**
   * A version-2 entry's mood is padded to this many bytes before sealing (ADR 094), so its ciphertext tells nothing
   * of which mood was chosen, or whether one was; sealed, it is IV ‖ 32 bytes ‖ tag, 80 base64 characters.
   */
  moodPaddedBytes: 32,
  sealedMoodBytes: 12 + 32 + 16,
  sealedMoodChars: 80,
  /** 24 words of 11 bits: 256 bits of key and an 8-bit checksum (BIP-39's English list and layout). */
  recoveryWords: 24,
  passphraseMinLength: 12,
  passphraseMaxLength: 1024,
} as const;

/**
 * What a private entry, letter or attachment says while this browser session holds no unlocked key, and the one
 * failure opening a kept key can meet: read on the dashboard's first screen, so kept here, apart from private
 * mode's other words (private-mode-messages.ts).
 */
export const PRIVATE_MODE_NOTICES = {
  entryLocked: 'Unlock your journal with your passphrase to read this entry.',
  futureMessageLocked: 'Unlock your journal with your passphrase to read this message.',
  mediaLocked: 'Unlock your journal with your passphrase to see this attachment.',
  keyMaterialDamaged: 'Your stored key could not be read: it is damaged or belongs to another account.',
} as const;
