import {
  api,
  isValidPublicKey,
  type KeyPairInput,
  type KeyPairWrapKind,
  type MyKeyPair,
  type PrivateSwitchMode,
} from '@daybook/shared';
import { stubApi } from '../../test/api.ts';
import { jsonResponse } from '../../test/render.tsx';

/*
 * The tests' stand-in for the key pair's endpoints (ADR 102) with the server's rules: one pair per account, never
 * replaced; the public key checked with WebCrypto; the wrap kind the mode allows; private mode's proof where it is
 * set up; a rewrap only of the same public key. The server's own tests hold the real thing to the same rules
 * (apps/server/test/key-pairs.test.ts).
 */

type Row = Omit<MyKeyPair, 'mode'>;

const refuse = (status: number, code: string) => jsonResponse({ code, message: code }, status);

export function keyPairServer(start: { mode: PrivateSwitchMode; proof?: string; failWith?: number }) {
  let row: Row | null = null;
  let { mode } = start;
  let failWith = start.failWith;
  const isAllowed = (kind: KeyPairWrapKind) =>
    mode === 'switching-off' || kind === (mode === 'private' ? 2 : 1);
  /** The server's checks of a write, in its order: proof, kind; null when they pass. */
  const refusal = (body: KeyPairInput) => {
    if (mode !== 'standard' && body.keyProof !== start.proof) return refuse(409, 'PRIVATE_KEY_PROOF_WRONG');
    if (!isAllowed(body.wrapKind)) return refuse(409, 'KEY_PAIR_WRAP_REFUSED');
    return null;
  };
  const answer = (status = 200) => jsonResponse({ ...row, mode }, status);
  const fetchMock = stubApi({
    [`GET ${api.keyPairs.mine.path}`]: () => {
      if (failWith) return refuse(failWith, failWith === 404 ? 'NOT_FOUND' : 'INTERNAL');
      if (row) return answer();
      return jsonResponse({ code: 'KEY_PAIR_NOT_FOUND', message: 'none', details: { mode } }, 404);
    },
    [`POST ${api.keyPairs.mine.path}`]: async ({ body }) => {
      const input = body as KeyPairInput;
      if (!(await isValidPublicKey(input.publicKey))) return refuse(400, 'KEY_PAIR_INVALID');
      const refused = refusal(input);
      if (refused) return refused;
      if (row) return refuse(409, 'KEY_PAIR_EXISTS');
      const now = new Date().toISOString();
      row = {
        publicKey: input.publicKey,
        wrappedPrivateKey: input.wrappedPrivateKey,
        wrapKind: input.wrapKind,
        createdAt: now,
        rewrappedAt: now,
      };
      return answer(201);
    },
    [`PUT ${api.keyPairs.rewrap.path}`]: ({ body }) => {
      const input = body as KeyPairInput;
      const refused = refusal(input);
      if (refused) return refused;
      if (!row) return refuse(404, 'KEY_PAIR_NOT_FOUND');
      if (row.publicKey !== input.publicKey) return refuse(409, 'KEY_PAIR_MISMATCH');
      row = {
        ...row,
        wrappedPrivateKey: input.wrappedPrivateKey,
        wrapKind: input.wrapKind,
        rewrappedAt: new Date().toISOString(),
      };
      return answer();
    },
  });
  return {
    fetchMock,
    row: () => row,
    setMode: (next: PrivateSwitchMode) => {
      mode = next;
    },
    setFailure: (status: number | undefined) => {
      failWith = status;
    },
  };
}
