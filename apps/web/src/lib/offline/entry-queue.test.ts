import type { CreateEntryInput } from '@daybook/shared';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api-client.ts';
import { discardQueued, enqueueEntry, flushQueue, listQueued, toCreateInput } from './entry-queue.ts';

const sealed = (n: number) => ({ encryptedContent: `cipher-${n}`, encryptionIv: `iv-${n}`, moodTag: null });
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 9, minute));

const networkError = () =>
  new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: "Can't reach Daybook right now." });

/** A fake of the server's POST /api/entries: idempotent by clientRequestId, as the real one is (ADR 041). */
function fakeServer(answer: (input: CreateEntryInput, attempt: number) => Error | null = () => null) {
  const created = new Map<string, CreateEntryInput>();
  const attempts: string[] = [];
  const send = async (input: CreateEntryInput) => {
    attempts.push(input.clientRequestId ?? '');
    const error = answer(input, attempts.length);
    if (error) throw error;
    if (!created.has(input.clientRequestId ?? '')) created.set(input.clientRequestId ?? '', input);
    return created.get(input.clientRequestId ?? '');
  };
  return { send: send as never, created, attempts };
}

describe('the offline entry queue (ADR 041)', () => {
  it('keeps entries per user, oldest first, each with its own idempotency key', async () => {
    const second = await enqueueEntry({ userId: 'a', ...sealed(2) }, at(2));
    const first = await enqueueEntry({ userId: 'a', ...sealed(1) }, at(1));
    await enqueueEntry({ userId: 'b', ...sealed(3) }, at(0));
    const rows = await listQueued('a');
    expect(rows.map((row) => row.id)).toEqual([first.id, second.id]);
    expect(rows[0]).toMatchObject({ status: 'waiting', reason: null, writtenAt: at(1).toISOString() });
    expect(first.id).not.toBe(second.id);
    expect(await listQueued('b')).toHaveLength(1);
  });

  it('sends them in order with their keys and the zone each was written in, and forgets each once sent', async () => {
    const first = await enqueueEntry({ userId: 'a', ...sealed(1) }, at(1), 'America/New_York');
    const second = await enqueueEntry({ userId: 'a', ...sealed(2) }, at(2));
    await enqueueEntry({ userId: 'b', ...sealed(3) }, at(3));
    const server = fakeServer();
    expect(await flushQueue('a', server.send)).toEqual({ sent: 2, refused: 0, isStopped: false });
    expect(server.attempts).toEqual([first.id, second.id]);
    // The zone of the moment of writing, not of sending (ADR 066).
    expect(server.created.get(first.id)).toEqual({
      ...sealed(1),
      clientRequestId: first.id,
      timeZone: 'America/New_York',
    });
    expect(server.created.get(second.id)?.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await listQueued('a')).toEqual([]);
    expect(await listQueued('b')).toHaveLength(1);
  });

  it('sends an entry queued before zones were recorded without one: the server takes the account’s', async () => {
    const { timeZone: _, ...queuedBefore } = await enqueueEntry({ userId: 'a', ...sealed(1) }, at(1));
    expect(toCreateInput(queuedBefore)).not.toHaveProperty('timeZone');
    await discardQueued('a', queuedBefore.id);
  });

  it('stops at a lost network and sends the rest, once, on the next try', async () => {
    const first = await enqueueEntry({ userId: 'a', ...sealed(1) }, at(1));
    await enqueueEntry({ userId: 'a', ...sealed(2) }, at(2));
    let isOnline = false;
    const server = fakeServer(() => (isOnline ? null : networkError()));
    expect(await flushQueue('a', server.send)).toEqual({ sent: 0, refused: 0, isStopped: true });
    expect(await listQueued('a')).toHaveLength(2);
    isOnline = true;
    expect(await flushQueue('a', server.send)).toEqual({ sent: 2, refused: 0, isStopped: false });
    expect(server.created.size).toBe(2);
    expect(server.created.has(first.id)).toBe(true);
  });

  it('creates an entry once when two flushes run at the same time', async () => {
    await enqueueEntry({ userId: 'a', ...sealed(1) }, at(1));
    const server = fakeServer();
    const [one, two] = await Promise.all([flushQueue('a', server.send), flushQueue('a', server.send)]);
    expect(one).toEqual(two);
    expect(server.attempts).toHaveLength(1);
    expect(server.created.size).toBe(1);
  });

  it('keeps an entry the server refuses, with its reason, sends the others, and lets it be discarded', async () => {
    const refused = await enqueueEntry({ userId: 'a', ...sealed(1) }, at(1));
    await enqueueEntry({ userId: 'a', ...sealed(2) }, at(2));
    const limit = new ApiRequestError({
      status: 429,
      code: 'DAILY_LIMIT_REACHED',
      message: 'Daily limit reached (3 entries/day). Try again tomorrow.',
    });
    const server = fakeServer((input) => (input.clientRequestId === refused.id ? limit : null));
    expect(await flushQueue('a', server.send)).toEqual({ sent: 1, refused: 1, isStopped: false });
    const [kept] = await listQueued('a');
    expect(kept).toMatchObject({ id: refused.id, status: 'refused', reason: limit.message });
    // A refused entry is not sent again by itself.
    await flushQueue('a', server.send);
    expect(server.attempts.filter((id) => id === refused.id)).toHaveLength(1);
    await discardQueued('b', refused.id);
    expect(await listQueued('a')).toHaveLength(1);
    await discardQueued('a', refused.id);
    expect(await listQueued('a')).toEqual([]);
  });

  it('leaves the queue alone when signed out or the server fails', async () => {
    await enqueueEntry({ userId: 'a', ...sealed(1) }, at(1));
    for (const status of [401, 500, 503]) {
      const server = fakeServer(() => new ApiRequestError({ status, code: 'X', message: 'no' }));
      expect(await flushQueue('a', server.send)).toMatchObject({ isStopped: true });
    }
    expect(await listQueued('a')).toMatchObject([{ status: 'waiting' }]);
  });
});
