import { expect } from 'vitest';
import type { TestContext } from './app.ts';
import { clientAddress } from './factories.ts';
import { browserKeySetUp } from './private-keys.ts';

/**
 * Private mode set up for a signed-in person through the real endpoint (POST /api/me/private-mode), as their browser
 * does it: the keys the browser made, for the test to derive what it needs.
 */
export async function setUpPrivateModeAsBrowser(
  ctx: TestContext,
  person: { user: { id: string; password: string }; cookie: string },
  passphrase: string,
) {
  const keys = await browserKeySetUp(person.user.id, passphrase);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/me/private-mode',
    remoteAddress: clientAddress(),
    headers: { cookie: person.cookie },
    payload: {
      password: person.user.password,
      kdf: keys.kdf,
      passphraseWrap: keys.passphraseWrap,
      recoveryWrap: keys.recoveryWrap,
      keyProof: keys.keyProof,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return keys;
}
