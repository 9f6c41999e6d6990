/*
 * Tabs of the same browser share one session cookie, so when one tab signs in or out the others
 * must follow. They are told over a BroadcastChannel (not received by the tab that posts).
 */
export const AUTH_CHANNEL_NAME = 'daybook-auth';

export type AuthBroadcast = { type: 'signed-out' } | { type: 'signed-in' };

let channel: BroadcastChannel | null | undefined;

/** One channel per tab: a channel never receives its own messages, so posting and listening share it. */
function authChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(AUTH_CHANNEL_NAME) : null;
  // In Node (tests) an open channel would keep the process alive.
  (channel as { unref?: () => void } | null)?.unref?.();
  return channel;
}

export function broadcastAuth(message: AuthBroadcast): void {
  try {
    authChannel()?.postMessage(message);
  } catch {
    // Other tabs notice on their next session check instead.
  }
}

function isAuthBroadcast(data: unknown): data is AuthBroadcast {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'signed-out' || type === 'signed-in';
}

/** Listens for other tabs; returns the unsubscribe function. */
export function subscribeToAuthBroadcasts(listener: (message: AuthBroadcast) => void): () => void {
  const current = authChannel();
  if (!current) return () => {};
  const onMessage = (event: MessageEvent) => {
    if (isAuthBroadcast(event.data)) listener(event.data);
  };
  current.addEventListener('message', onMessage);
  return () => current.removeEventListener('message', onMessage);
}
