import { argon2id } from 'hash-wasm';
import { type KdfParams, PRIVATE_MODE } from '../private-mode-constants.ts';
import { PRIVATE_MODE_MESSAGES } from '../private-mode-messages.ts';
import { PrivateKeyError } from './account-key.ts';
import { fromBase64 } from './crypto.ts';
import { assertKdfStrongEnough, passphraseWrappingKey, type WrappingKey } from './private-keys.ts';

/**
 * The passphrase's wrapping key (ADR 089): Argon2id through hash-wasm's WebAssembly build, the same code in the
 * browser and in Node. It is the one part of the key layer that is not WebCrypto (which has no memory-hard
 * function), so it lives apart and the web loads it only when a passphrase is typed.
 */

/** Every rule a new passphrase breaks; the sign-in password is compared only in the browser that holds both. */
export function passphraseProblems(passphrase: string, signInPassword?: string): string[] {
  const problems: string[] = [];
  const length = [...passphrase.normalize('NFC')].length;
  if (length < PRIVATE_MODE.passphraseMinLength) problems.push(PRIVATE_MODE_MESSAGES.passphraseTooShort);
  if (length > PRIVATE_MODE.passphraseMaxLength) problems.push(PRIVATE_MODE_MESSAGES.passphraseTooLong);
  if (signInPassword !== undefined && passphrase.normalize('NFC') === signInPassword.normalize('NFC'))
    problems.push(PRIVATE_MODE_MESSAGES.passphraseIsPassword);
  return problems;
}

/**
 * Argon2id over the passphrase (NFC, so the same words typed on another system give the same key) and the stored
 * salt, refused below OWASP's floor, imported as an AES-256-GCM wrapping key.
 */
export async function derivePassphraseKey(
  passphrase: string,
  saltBase64: string,
  params: KdfParams,
): Promise<WrappingKey> {
  assertKdfStrongEnough(params);
  let salt: Uint8Array<ArrayBuffer>;
  try {
    salt = fromBase64(saltBase64);
  } catch {
    throw new PrivateKeyError('KEY_MATERIAL_DAMAGED', PRIVATE_MODE_MESSAGES.keyMaterialDamaged);
  }
  if (salt.length !== PRIVATE_MODE.kdfSaltBytes)
    throw new PrivateKeyError('KEY_MATERIAL_DAMAGED', PRIVATE_MODE_MESSAGES.keyMaterialDamaged);
  const output = await argon2id({
    password: passphrase.normalize('NFC'),
    salt,
    memorySize: params.memoryKiB,
    iterations: params.iterations,
    parallelism: params.parallelism,
    hashLength: 32,
    outputType: 'binary',
  });
  return passphraseWrappingKey(new Uint8Array(output));
}
