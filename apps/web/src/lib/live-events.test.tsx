import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveEvents } from './live-events.ts';
import { LIVE_RECONNECT, reconnectDelay } from './live-stream.ts';
import { journalKeys, notificationKeys, receivedShareKeys } from './query-keys.ts';
import { SESSION_QUERY_KEY } from './session/session-state.ts';

/** A stand-in for the browser's EventSource (jsdom has none): the test plays the server. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  isClosed = false;

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.instances.push(this);
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }

  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    if (type === 'message') this.onmessage?.(event);
    else this.dispatchEvent(event);
  }

  /** The browser gave up (e.g. the server answered 401 or 502). */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.(new Event('error'));
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
    this.isClosed = true;
  }
}

const latest = () => FakeEventSource.instances.at(-1)!;

const KEYS = {
  summary: notificationKeys.summary(),
  shares: receivedShareKeys.list(0, 5),
  shareView: receivedShareKeys.view('share-1'),
  calendar: journalKeys.calendar(),
  entries: [...journalKeys.all, 'list', 'user-1'],
  session: SESSION_QUERY_KEY,
};

async function setup(userId: string | null = 'user-1') {
  const client = new QueryClient();
  for (const key of Object.values(KEYS)) client.setQueryData(key, { seeded: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ id }) => useLiveEvents(id), { wrapper, initialProps: { id: userId } });
  // The hook loads the stream's module first; once this import settles, so has the hook's.
  await act(async () => {
    await import('./live-stream.ts');
  });
  const stale = () =>
    Object.entries(KEYS)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { client, hook, stale };
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live events client', () => {
  it('opens one stream to /api/events for a signed-in tab, none for a visitor', async () => {
    await setup(null);
    expect(FakeEventSource.instances).toHaveLength(0);
    await setup('user-1');
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latest().url).toBe('/api/events');
  });

  it.each([
    ['notification', { type: 'notification', id: 'n-1' }, ['summary']],
    ['received-share', { type: 'received-share', id: 's-1' }, ['shareView', 'shares']],
    ['entry', { type: 'entry', id: 'e-1' }, ['calendar', 'entries']],
    ['resync', { type: 'resync' }, ['calendar', 'entries', 'shareView', 'shares', 'summary']],
    // Ended from another browser's sessions list: the session is asked for at once, and the app signs out.
    ['session-ended', { type: 'session-ended' }, ['session']],
  ])('a `%s` event refreshes exactly its queries', async (type, data, expected) => {
    const { stale } = await setup();
    latest().open();
    expect(stale()).toEqual([]);
    await act(async () => latest().emit(type, data));
    expect(stale()).toEqual(expected);
  });

  it('ignores events it does not understand', async () => {
    const { stale } = await setup();
    await act(async () => {
      latest().emit('notification', { type: 'something-else' });
      latest().dispatchEvent(new MessageEvent('notification', { data: 'not json' }));
    });
    expect(stale()).toEqual([]);
  });

  it('reads unnamed messages too', async () => {
    const { stale } = await setup();
    await act(async () => latest().emit('message', { type: 'notification', id: 'n-2' }));
    expect(stale()).toEqual(['summary']);
  });

  it('reconnects with back-off once the browser gives up, then refreshes everything it may have missed', async () => {
    vi.useFakeTimers();
    // The jitter in the middle: waits of 750 ms, then 1,500 ms.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { stale } = await setup();
    const first = latest();
    first.open();
    act(() => first.fail());
    expect(first.isClosed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(LIVE_RECONNECT.initialMs));
    expect(FakeEventSource.instances).toHaveLength(2);
    // Fails again before opening: the next wait is longer.
    act(() => latest().fail());
    act(() => vi.advanceTimersByTime(LIVE_RECONNECT.initialMs));
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => vi.advanceTimersByTime(LIVE_RECONNECT.initialMs));
    expect(FakeEventSource.instances).toHaveLength(3);
    await act(async () => latest().open());
    expect(stale()).toEqual(['calendar', 'entries', 'shareView', 'shares', 'summary']);
  });

  it('leaves a dropped stream to the browser while it retries by itself (with Last-Event-ID)', async () => {
    vi.useFakeTimers();
    await setup();
    const first = latest();
    first.open();
    first.readyState = FakeEventSource.CONNECTING;
    act(() => first.onerror?.(new Event('error')));
    act(() => vi.advanceTimersByTime(LIVE_RECONNECT.maxMs));
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(first.isClosed).toBe(false);
  });

  it('closes the stream at sign-out, and stops reconnecting', async () => {
    vi.useFakeTimers();
    const { hook } = await setup();
    const first = latest();
    act(() => first.fail());
    hook.rerender({ id: null });
    act(() => vi.advanceTimersByTime(LIVE_RECONNECT.maxMs));
    expect(FakeEventSource.instances).toHaveLength(1);

    const again = await setup();
    const stream = latest();
    again.hook.rerender({ id: null });
    expect(stream.isClosed).toBe(true);
  });

  it('waits longer after each failure, never more than the cap', () => {
    const top = () => 1;
    expect(reconnectDelay(0, top)).toBe(LIVE_RECONNECT.initialMs);
    expect(reconnectDelay(1, top)).toBe(2 * LIVE_RECONNECT.initialMs);
    expect(reconnectDelay(20, top)).toBe(LIVE_RECONNECT.maxMs);
    expect(reconnectDelay(0, () => 0)).toBe(LIVE_RECONNECT.initialMs / 2);
  });
});
