import { Agent } from 'node:https';
import type { Config } from '../../config.ts';
import {
  guardedLookup,
  PUBLIC_INTERNET,
  type PushEndpointProblem,
  type PushNetwork,
  pushEndpointProblem,
} from './endpoint-guard.ts';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** What became of one push: delivered to the push service, the subscription is gone for good, or try later. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** Sends Web Push messages (RFC 8030 with RFC 8291 encryption and RFC 8292 VAPID), or null without VAPID keys. */
export type PushSender = {
  publicKey: string;
  /** Why a browser's endpoint may not be saved, or null (endpoint-guard.ts). */
  endpointProblem(endpoint: string): Promise<PushEndpointProblem | null>;
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
};

export type PushSenderOptions = {
  /** Where pushes may go: the public internet unless a test allows its local push service. */
  network?: PushNetwork;
  /** Certificates to trust instead of the system's (a test's local push service). */
  ca?: string | Buffer;
};

/** A push service that answers slowly must not hold a job run (and its row locks) for long. */
const PUSH_TIMEOUT_MS = 10_000;
/** A reminder is about today: a push service need not keep it past the day. */
const PUSH_TTL_SECONDS = 12 * 60 * 60;

export function createPushSender(push: Config['push'], options: PushSenderOptions = {}): PushSender | null {
  if (!push) return null;
  const vapidDetails = { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey };
  const network = options.network ?? PUBLIC_INTERNET;
  // Every push connects through this agent, to an address its lookup has just checked.
  const agent = new Agent({
    keepAlive: false,
    lookup: guardedLookup(network),
    ...(options.ca ? { ca: options.ca } : {}),
  });
  return {
    publicKey: push.publicKey,
    endpointProblem: (endpoint) => pushEndpointProblem(endpoint, network),
    async send(target, payload) {
      // An address literal never reaches the agent's lookup; a subscription saved before the guard existed may be one.
      if (await pushEndpointProblem(target.endpoint, network)) return 'gone';
      // Loaded on the first push rather than at start (ADR 043, idle memory).
      const { default: webPush } = await import('web-push');
      try {
        await webPush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails,
            TTL: PUSH_TTL_SECONDS,
            timeout: PUSH_TIMEOUT_MS,
            urgency: 'normal',
            agent,
          },
        );
        return 'sent';
      } catch (error) {
        // 404 and 410: the browser unsubscribed or the subscription expired (RFC 8030 §7.3); it never comes back.
        // Neither does a host that now resolves inside (the lookup refused it).
        if ((error as NodeJS.ErrnoException).code === 'ENOTPUBLIC') return 'gone';
        const status = error instanceof webPush.WebPushError ? error.statusCode : 0;
        return status === 404 || status === 410 ? 'gone' : 'failed';
      }
    },
  };
}
