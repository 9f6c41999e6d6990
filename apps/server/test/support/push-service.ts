import { createECDH, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isPublicAddress, PUBLIC_INTERNET, type PushNetwork } from '../../src/infra/push/endpoint-guard.ts';
import { selfSignedCertificate } from './certificate.ts';

/** http_ece (RFC 8188), which web-push encrypts with; here it decrypts as a browser would. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: unknown; authSecret: string }): Buffer;
};

export type ReceivedPush = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The payload, decrypted with the subscription's keys (null when it does not decrypt). */
  payload: string | null;
};

/** A browser's side of one subscription: the key pair and auth secret a PushSubscription carries. */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    ecdh,
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    },
  };
}

/** A host name the tests' push networks resolve to this service (it is in its certificate too). */
export const PUSH_TEST_HOST = 'push.test';

/**
 * The network the tests' senders may reach: the public internet as in production, plus this machine's push service
 * under PUSH_TEST_HOST (endpoint-guard.ts refuses loopback otherwise).
 */
export const LOCAL_PUSH_NETWORK: PushNetwork = {
  isAllowedAddress: (address) => isPublicAddress(address) || address === '127.0.0.1',
  resolve: async (host) => (host === PUSH_TEST_HOST ? ['127.0.0.1'] : PUBLIC_INTERNET.resolve(host)),
};

/**
 * A local push service speaking the Web Push protocol (RFC 8030) over HTTPS, as push services do (web-push sends
 * nothing over plain HTTP): it receives the encrypted POST, answers 201, or 410 for paths under `/gone/`, and
 * decrypts each payload with the keys of the subscription registered for that path.
 */
export async function startPushService() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'daybook-push-'));
  const { key, cert } = selfSignedCertificate(dir, ['127.0.0.1', PUSH_TEST_HOST]);
  const received: ReceivedPush[] = [];
  const subscriptions = new Map<string, ReturnType<typeof browserSubscription>>();
  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const urlPath = request.url ?? '';
      const subscription = subscriptions.get(urlPath);
      let payload: string | null = null;
      try {
        if (subscription) {
          payload = ece
            .decrypt(Buffer.concat(chunks), {
              version: 'aes128gcm',
              privateKey: subscription.ecdh,
              authSecret: subscription.json.keys.auth,
            })
            .toString('utf8');
        }
      } catch {
        payload = null;
      }
      received.push({ path: urlPath, headers: request.headers, payload });
      response.writeHead(urlPath.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    /** This service's certificate, for a sender to trust (and only it). */
    cert,
    /** A new browser subscription on this service, by its test host name or another name for it. */
    subscribe(urlPath: string, host = PUSH_TEST_HOST) {
      const subscription = browserSubscription(`https://${host}:${port}${urlPath}`);
      subscriptions.set(urlPath, subscription);
      return subscription.json;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
