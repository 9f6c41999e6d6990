import type { Agent } from 'node:https';
import type { Config } from '../../config.ts';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** What became of one push: delivered to the push service, the subscription is gone for good, or try later. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** Sends Web Push messages (RFC 8030 with RFC 8291 encryption and RFC 8292 VAPID), or null without VAPID keys. */
export type PushSender = {
  publicKey: string;
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
};

/** A push service that answers slowly must not hold a job run (and its row locks) for long. */
const PUSH_TIMEOUT_MS = 10_000;
/** A reminder is about today: a push service need not keep it past the day. */
const PUSH_TTL_SECONDS = 12 * 60 * 60;

export function createPushSender(
  push: Config['push'],
  /** Tests pass an agent that trusts their local push service's certificate. */
  options: { agent?: Agent } = {},
): PushSender | null {
  if (!push) return null;
  const vapidDetails = { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey };
  return {
    publicKey: push.publicKey,
    async send(target, payload) {
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
            agent: options.agent,
          },
        );
        return 'sent';
      } catch (error) {
        // 404 and 410: the browser unsubscribed or the subscription expired (RFC 8030 §7.3); it never comes back.
        const status = error instanceof webPush.WebPushError ? error.statusCode : 0;
        return status === 404 || status === 410 ? 'gone' : 'failed';
      }
    },
  };
}
