import { randomUUID } from 'node:crypto';
import { deriveEntryKey, encryptText } from '@daybook/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { entries } from '../apps/server/src/db/schema/index.ts';
import { benchUser, startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';

type Payload = { encryptedContent: string; encryptionIv: string; moodTag: string; clientRequestId?: string };

/**
 * Sync throughput of a queue of entries written offline (ADR 041): 100 encrypted entries sent one after the
 * other, oldest first, each with its idempotency key, as the browser's queue (lib/offline/entry-queue.ts) and
 * the service worker send them; then the same 100 again, as a retry after a lost answer would, which must create
 * nothing. Beside it, the same 100 entries created without a key (the quick entry card online).
 */
export async function offlineSyncBench(options: { queued?: number } = {}) {
  const total = options.queued ?? 100;
  const bench = await openBenchDatabase();
  const { app, origin } = await startBenchApp(bench.database);
  try {
    const user = await benchUser(app, bench.database);
    const salt = (
      await app.inject({ method: 'GET', url: '/api/encryption/salt', headers: { cookie: user.cookie } })
    ).json().salt as string;
    const key = await deriveEntryKey(user.userId, salt);
    const payloads: Payload[] = [];
    for (let i = 0; i < total; i++) {
      const sealed = await encryptText(
        key,
        `Written offline, entry ${i}: the train went under the hills again.`,
      );
      payloads.push({ encryptedContent: sealed.ciphertext, encryptionIv: sealed.iv, moodTag: 'Calm' });
    }
    const send = async (payload: Payload) => {
      const response = await fetch(`${origin}/api/entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: user.cookie },
        body: JSON.stringify(payload),
      });
      if (response.status !== 201) throw new Error(`sync answered ${response.status}`);
      await response.arrayBuffer();
    };
    const timed = async (batch: Payload[]) => {
      const started = performance.now();
      for (const payload of batch) await send(payload);
      return batch.length / ((performance.now() - started) / 1000);
    };

    // Warm-up: the first requests pay for connections and JIT.
    await timed(payloads.slice(0, 10));
    const plainPerSecond = await timed(payloads);
    const queue = payloads.map((payload) => ({ ...payload, clientRequestId: randomUUID() }));
    const syncPerSecond = await timed(queue);
    const retryPerSecond = await timed(queue);
    const synced = await bench.database.db
      .select({ id: entries.id })
      .from(entries)
      .where(and(eq(entries.userId, user.userId), isNotNull(entries.clientRequestId)));
    if (synced.length !== total) throw new Error(`expected ${total} synced entries, found ${synced.length}`);
    return {
      queued: total,
      driver: bench.database.driver,
      syncPerSecond,
      retryPerSecond,
      plainPerSecond,
      ratio: syncPerSecond / plainPerSecond,
      goal: '≥ 0.8 of plain creation',
    };
  } finally {
    await app.close();
    await bench.drop();
  }
}
