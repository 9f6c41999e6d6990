import { api, LiveEvent } from '@daybook/shared';
import type { QueryClient } from '@tanstack/react-query';
import { apiUrl } from './api-client.ts';
import { planFeaturesQueryOptions } from './plan-features.ts';
import { PROFILE_QUERY_KEY } from './profile.ts';
import { billingKeys, importKeys, journalKeys, notificationKeys, receivedShareKeys } from './query-keys.ts';
import { SESSION_QUERY_KEY } from './session/session-state.ts';

/** The `event:` names the server sends (packages/shared/src/schemas/live-events.ts). */
export const LIVE_EVENT_TYPES = [
  'notification',
  'received-share',
  'entry',
  'subscription',
  'import',
  'resync',
  'session-ended',
] as const;
/** Waits before opening a new stream after the browser gave up on one: doubled each time, capped. */
export const LIVE_RECONNECT = { initialMs: 1_000, maxMs: 30_000 } as const;

/** The queries a live event makes stale. Events carry ids only: what changed is fetched again. */
export function liveEventKeys(event: LiveEvent): ReadonlyArray<readonly unknown[]> {
  switch (event.type) {
    case 'notification':
      return [notificationKeys.all];
    case 'received-share':
      return [receivedShareKeys.all];
    case 'entry':
      // The journal root holds the lists, limits and the calendar's months (and the streak with them).
      return [journalKeys.all];
    case 'subscription':
      // The plan changed: its features, the subscription status and the profile's plan all follow.
      return [billingKeys.all, planFeaturesQueryOptions.queryKey, PROFILE_QUERY_KEY];
    case 'import':
      return [importKeys.current];
    case 'session-ended':
      // The session query answers "no user" now, and the app signs the tab out and says so (lib/session).
      return [SESSION_QUERY_KEY];
    case 'resync':
      return [
        importKeys.current,
        notificationKeys.all,
        receivedShareKeys.all,
        journalKeys.all,
        billingKeys.all,
        planFeaturesQueryOptions.queryKey,
      ];
  }
}

export async function invalidateForLiveEvent(client: QueryClient, event: LiveEvent): Promise<void> {
  await Promise.all(liveEventKeys(event).map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** The delay before reconnect attempt `attempt` (0-based): exponential, with jitter so tabs do not stampede. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LIVE_RECONNECT.maxMs, LIVE_RECONNECT.initialMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

type LiveEventHandlers = {
  onEvent: (event: LiveEvent) => void;
  /** A new stream opened after one was lost: events may have been missed in between. */
  onReconnect: () => void;
};

/**
 * Keeps one Server-Sent Events stream open to /api/events and hands its events over; returns `close`.
 *
 * While the browser retries a dropped stream by itself it sends `Last-Event-ID`, and the server answers a gap it
 * cannot replay with `resync`. Once the browser gives up (the stream is CLOSED, e.g. after a non-200 answer), a
 * new EventSource is opened after a back-off; it has no `Last-Event-ID`, so `onReconnect` refreshes everything.
 */
export function openLiveEvents({ onEvent, onReconnect }: LiveEventHandlers): () => void {
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let wasLost = false;
  let isClosed = false;

  const onMessage = (message: MessageEvent) => {
    let data: unknown;
    try {
      data = JSON.parse(String(message.data));
    } catch {
      return;
    }
    const parsed = LiveEvent.safeParse(data);
    if (parsed.success) onEvent(parsed.data);
  };

  const connect = () => {
    const stream = new EventSource(apiUrl(api.events.stream), { withCredentials: true });
    source = stream;
    stream.onopen = () => {
      attempt = 0;
      if (wasLost) {
        wasLost = false;
        onReconnect();
      }
    };
    stream.onmessage = onMessage;
    for (const type of LIVE_EVENT_TYPES) stream.addEventListener(type, onMessage);
    stream.onerror = () => {
      // CONNECTING: the browser is retrying with Last-Event-ID; only a closed stream needs us.
      if (stream.readyState !== EventSource.CLOSED || isClosed) return;
      stream.close();
      source = null;
      wasLost = true;
      retryTimer = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    };
  };

  connect();
  return () => {
    isClosed = true;
    clearTimeout(retryTimer);
    source?.close();
    source = null;
  };
}
