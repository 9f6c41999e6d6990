import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';

/*
 * A passkey authenticator in software, for tests (ADR 080): a P-256 key made with node:crypto, the attestation
 * object built by hand in CBOR with the "none" format, assertions signed by hand. It speaks the real WebAuthn
 * protocol to the server, so the server's checks (SimpleWebAuthn's) run on bytes a browser would send.
 */

type CborValue = number | string | Uint8Array | CborValue[] | Map<CborValue, CborValue>;

/** The few CBOR types WebAuthn's structures use (RFC 8949): integers, byte and text strings, arrays, maps. */
function cbor(value: CborValue): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
    const out = Buffer.alloc(5);
    out[0] = (major << 5) | 26;
    out.writeUInt32BE(length, 1);
    return out;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

type CreationOptions = {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
};
type RequestOptions = { challenge: string; rpId?: string };

/** What a ceremony may get wrong on purpose: another origin, no user verification, another relying party… */
type Deviation = {
  origin?: string;
  userVerified?: boolean;
  rpId?: string;
  challenge?: string;
  /** The user handle to answer with (base64url), in place of the one the credential was made for. */
  userHandle?: string;
};

export function createSoftwareAuthenticator(defaults: { origin: string; rpId: string }) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let counter = 0;
  let userHandle: string | null = null;

  /** COSE_Key of the public key (RFC 9052): kty EC2, alg ES256, crv P-256, x, y. */
  const coseKey = cbor(
    new Map<CborValue, CborValue>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );

  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  function authenticatorData(rpId: string, flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  return {
    credentialId: b64url(credentialId),
    /** Sets the signature counter, as a cloned authenticator whose count fell behind would send it. */
    setCounter(value: number) {
      counter = value;
    },

    /** `navigator.credentials.create()`: a new resident credential for the options' relying party and user. */
    register(options: CreationOptions, deviation: Deviation = {}) {
      const rpId = deviation.rpId ?? options.rp.id ?? defaults.rpId;
      userHandle = options.user.id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey]);
      const flags = FLAG_UP | (deviation.userVerified === false ? 0 : FLAG_UV) | FLAG_AT;
      const authData = authenticatorData(rpId, flags, attested);
      const attestationObject = cbor(
        new Map<CborValue, CborValue>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      const challenge = deviation.challenge ?? options.challenge;
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(
            clientData('webauthn.create', challenge, deviation.origin ?? defaults.origin),
          ),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
      };
    },

    /** `navigator.credentials.get()`: an assertion over the challenge, the counter one further. */
    authenticate(options: RequestOptions, deviation: Deviation = {}) {
      counter += 1;
      const rpId = deviation.rpId ?? options.rpId ?? defaults.rpId;
      const flags = FLAG_UP | (deviation.userVerified === false ? 0 : FLAG_UV);
      const authData = authenticatorData(rpId, flags);
      const challenge = deviation.challenge ?? options.challenge;
      const clientDataJSON = clientData('webauthn.get', challenge, deviation.origin ?? defaults.origin);
      const signature = createSign('sha256')
        .update(Buffer.concat([authData, sha256(clientDataJSON)]))
        .sign(privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...((deviation.userHandle ?? userHandle) ? { userHandle: deviation.userHandle ?? userHandle } : {}),
        },
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: {},
      };
    },
  };
}

export type SoftwareAuthenticator = ReturnType<typeof createSoftwareAuthenticator>;
