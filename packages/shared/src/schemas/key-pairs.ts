import { z } from 'zod';
import { PUBLIC_KEY_BYTES } from '../domain/key-pair.ts';

/*
 * Each account's key pair as it crosses the API (ADR 102): the public half, the private half wrapped in the browser
 * and the kind of key it is wrapped under. The server never receives the private half unwrapped.
 */

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Base64 of the raw P-256 point (65 bytes); the server also checks it with WebCrypto (isValidPublicKey). */
export const PublicKey = z
  .string()
  .length(Math.ceil(PUBLIC_KEY_BYTES / 3) * 4, 'A public key must be 65 bytes in base64')
  .regex(BASE64, 'A public key must be base64');

/**
 * IV ‖ AES-GCM(PKCS #8 of a P-256 key) ‖ tag: about 170 bytes as browsers write it (138 bytes of PKCS #8 with the
 * public point, 67 without); the bounds leave room for either and refuse anything that cannot be one.
 */
export const WrappedPrivateKey = z
  .string()
  .min(100, 'A wrapped private key is too short')
  .max(400, 'A wrapped private key is too long')
  .regex(BASE64, 'A wrapped private key must be base64');

/*
 * key-pair-standing.ts's two, restated: shared by both files, they would be a chunk of their own in every page load
 * (the shell's check loads that file alone).
 */
const KeyPairMode = z.enum(['standard', 'private', 'switching-off']);
const WrapKind = z.union([z.literal(1), z.literal(2)]);

/**
 * Private mode's key proof, as private-mode.ts writes it, restated so that the key pair's code does not bring private
 * mode's schemas: 256 bits derived from the account key (ADR 089), base64.
 */
const KeyProof = z.string().length(44, 'The key proof must be 32 bytes in base64').regex(BASE64);

/** The owner's own pair: what the browser unwraps, and where the account stands, to rewrap when the mode changed. */
export const MyKeyPair = z
  .object({
    publicKey: PublicKey,
    wrappedPrivateKey: WrappedPrivateKey,
    wrapKind: WrapKind,
    mode: KeyPairMode,
    createdAt: z.string(),
    rewrappedAt: z.string(),
  })
  .meta({ id: 'MyKeyPair' });
export type MyKeyPair = z.infer<typeof MyKeyPair>;

/**
 * Made once (a second is refused), and rewrapped under the other kind with the same public key. In private mode
 * (set up, switching off included) the proof of holding the account key comes too, as for its other rewraps.
 */
export const KeyPairInput = z
  .object({
    publicKey: PublicKey,
    wrappedPrivateKey: WrappedPrivateKey,
    wrapKind: WrapKind,
    keyProof: KeyProof.optional(),
  })
  .meta({ id: 'KeyPairInput' });
export type KeyPairInput = z.infer<typeof KeyPairInput>;
