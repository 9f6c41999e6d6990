import { z } from 'zod';
import { PRIVATE_MODE } from '../private-mode-constants.ts';

/*
 * Private mode's key material as it crosses the API (ADR 089): only wraps, the Argon2id salt and costs, and a proof
 * of holding the key. The server never receives a passphrase, a recovery key or the account key.
 */

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/** Base64 of exactly `bytes` bytes (padded, as `toBase64` writes it). */
const base64Bytes = (bytes: number, what: string) =>
  z
    .string()
    .length(base64Length(bytes), `${what} must be ${bytes} bytes in base64`)
    .regex(BASE64, `${what} must be base64`);

const { kdfFloor: floor, kdfCeiling: ceiling } = PRIVATE_MODE;

/** The passphrase's Argon2id settings: within OWASP's floor and what a phone can still run. */
export const PrivateKdf = z
  .object({
    algorithm: z.literal('argon2id'),
    salt: base64Bytes(PRIVATE_MODE.kdfSaltBytes, 'The salt'),
    memoryKiB: z.number().int().min(floor.memoryKiB).max(ceiling.memoryKiB),
    iterations: z.number().int().min(floor.iterations).max(ceiling.iterations),
    parallelism: z.number().int().min(floor.parallelism).max(ceiling.parallelism),
  })
  .meta({ id: 'PrivateKdf' });
export type PrivateKdf = z.infer<typeof PrivateKdf>;

export const WrappedAccountKey = base64Bytes(PRIVATE_MODE.wrappedKeyBytes, 'A wrapped key');
export const KeyProof = base64Bytes(PRIVATE_MODE.keyProofBytes, 'The key proof');

/** Whether private mode's key is set up, and when its wraps last changed: no key material. */
export const PrivateModeStatus = z
  .object({
    isSetUp: z.boolean(),
    setUpAt: z.string().nullable(),
    passphraseChangedAt: z.string().nullable(),
    recoveryKeyChangedAt: z.string().nullable(),
  })
  .meta({ id: 'PrivateModeStatus' });
export type PrivateModeStatus = z.infer<typeof PrivateModeStatus>;

/** What the browser needs to unlock: the salt and costs, and both wraps. Answered to the owner's session only. */
export const PrivateKeyMaterial = z
  .object({
    kdf: PrivateKdf,
    passphraseWrap: WrappedAccountKey,
    recoveryWrap: WrappedAccountKey,
  })
  .meta({ id: 'PrivateKeyMaterial' });
export type PrivateKeyMaterial = z.infer<typeof PrivateKeyMaterial>;

/**
 * Setting up needs the sign-in password again (as turning on two-step sign-in does): a session left open must not
 * be able to put a key someone else chose on the account. The browser also compares it with the new passphrase.
 */
export const SetUpPrivateModeInput = z
  .object({
    password: z.string().min(1, 'Password is required').max(1024),
    kdf: PrivateKdf,
    passphraseWrap: WrappedAccountKey,
    recoveryWrap: WrappedAccountKey,
    keyProof: KeyProof,
  })
  .meta({ id: 'SetUpPrivateModeInput' });
export type SetUpPrivateModeInput = z.infer<typeof SetUpPrivateModeInput>;

/** A new passphrase (or the way back in after a forgotten one): the same key, wrapped again, with the proof. */
export const ChangePassphraseInput = z
  .object({ keyProof: KeyProof, kdf: PrivateKdf, passphraseWrap: WrappedAccountKey })
  .meta({ id: 'ChangePassphraseInput' });
export type ChangePassphraseInput = z.infer<typeof ChangePassphraseInput>;

/** A new recovery key, made while unlocked: the old one stops opening the journal. */
export const ReplaceRecoveryKeyInput = z
  .object({ keyProof: KeyProof, recoveryWrap: WrappedAccountKey })
  .meta({ id: 'ReplaceRecoveryKeyInput' });
export type ReplaceRecoveryKeyInput = z.infer<typeof ReplaceRecoveryKeyInput>;

/** Starting fresh without the key (passphrase and recovery key both lost): the sign-in password again. */
export const StartFreshInput = z
  .object({ password: z.string().min(1, 'Password is required').max(1024) })
  .meta({ id: 'StartFreshInput' });
export type StartFreshInput = z.infer<typeof StartFreshInput>;
