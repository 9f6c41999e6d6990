import type { KdfParams } from '@daybook/shared';
import { derivePassphraseKey, PrivateKeyError } from '@daybook/shared/private-keys';

/*
 * Argon2id off the page's thread (ADR 095): hash-wasm holds its thread for a second or two at 64 MiB, which here is
 * this worker's, so the page keeps answering while a passphrase unlocks. Only the passphrase, the salt and the costs
 * come in; the derived key goes back as a CryptoKey (structured-cloneable, still not extractable). One worker per
 * derivation, ended after it: its 64 MiB go with it.
 */

export type DeriveRequest = { passphrase: string; salt: string; kdf: KdfParams };
export type DeriveAnswer =
  | { key: CryptoKey }
  | { error: { code?: PrivateKeyError['code']; message: string } };

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<DeriveRequest>) => void) | null;
  postMessage: (answer: DeriveAnswer) => void;
};

scope.onmessage = async ({ data }) => {
  try {
    scope.postMessage({ key: await derivePassphraseKey(data.passphrase, data.salt, data.kdf) });
  } catch (error) {
    scope.postMessage({
      error:
        error instanceof PrivateKeyError
          ? { code: error.code, message: error.message }
          : { message: error instanceof Error ? error.message : String(error) },
    });
  }
};
