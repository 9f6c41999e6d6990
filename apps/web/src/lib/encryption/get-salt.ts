import { api, ENCRYPTION, ENTRY_MESSAGES } from '@daybook/shared';
import { callApi, isApiError, isSessionGone } from '../api-client.ts';
import { EncryptionError } from './support.ts';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** An answer of the session's end is final: asking again cannot help, and the app must notice it. */

/**
 * The user's salt (docs/product/encryption.md#encryption-browser): tried 3 times, waiting 500 ms then 1000 ms between tries;
 * "Failed to fetch encryption salt after 3 attempts" when none succeeds, and
 * "Invalid salt response from server" when the server answers without a usable salt.
 */
export async function fetchSalt(signal?: AbortSignal): Promise<string> {
  const delays = ENCRYPTION.saltRetryDelaysMs;
  for (let attempt = 0; ; attempt++) {
    let salt: string;
    try {
      ({ salt } = await callApi(api.entries.encryptionSalt, { signal }));
    } catch (error) {
      if (signal?.aborted || isSessionGone(error)) throw error;
      if (isApiError(error, 'INVALID_RESPONSE')) throw new EncryptionError(ENTRY_MESSAGES.saltInvalid);
      const delay = delays[attempt];
      if (delay === undefined) throw new EncryptionError(ENTRY_MESSAGES.saltFetchFailed, { cause: error });
      await wait(delay, signal);
      continue;
    }
    if (!BASE64.test(salt)) throw new EncryptionError(ENTRY_MESSAGES.saltInvalid);
    return salt;
  }
}
