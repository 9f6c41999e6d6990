import { ENCRYPTION, ENTRY_MESSAGES, SaltResponse } from '@daybook/shared';
import { z } from 'zod';
import { apiRequest, isSessionGone } from '../api-client.ts';
import { EncryptionError } from './support.ts';

export const SALT_PATH = '/api/encryption/salt';

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
    let payload: unknown;
    try {
      payload = await apiRequest(SALT_PATH, { schema: z.unknown(), signal });
    } catch (error) {
      if (signal?.aborted || isSessionGone(error)) throw error;
      const delay = delays[attempt];
      if (delay === undefined) throw new EncryptionError(ENTRY_MESSAGES.saltFetchFailed, { cause: error });
      await wait(delay, signal);
      continue;
    }
    const parsed = SaltResponse.safeParse(payload);
    if (!parsed.success || !BASE64.test(parsed.data.salt)) {
      throw new EncryptionError(ENTRY_MESSAGES.saltInvalid);
    }
    return parsed.data.salt;
  }
}
