import {
  decryptText,
  deriveEntryKey,
  deriveEntryKeyV2,
  type EntryKey,
  encryptText,
  MOODS,
  PRIVATE_MODE,
  PRIVATE_SWITCH,
  type PrivateKdf,
  type ReEncryptionCandidate,
  type ReEncryptionPage,
  sealEntryTextV2,
  sealMoodV2,
} from '@daybook/shared';
import {
  derivePassphraseKey,
  importAccountKey,
  keyProof,
  randomKdfSalt,
  randomKeyBytes,
  recoveryWrappingKey,
  wrapAccountKey,
} from '@daybook/shared/private-keys';
import { and, eq } from 'drizzle-orm';
import { entries } from '../apps/server/src/db/schema/index.ts';
import { BENCH_PASSWORD, benchUser, startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';

const TEXT =
  'Walked the long way home past the allotments; the beans are up and someone has painted the shed a loud blue. ';

/**
 * Switching an account with 1,000 entries into private mode (ADR 097), as the browser's run does it but in Node with
 * the same WebCrypto code: pages of the entries still version 1, each opened with the version-1 key and sealed with
 * the account's (text and mood), sent in batches to re-encrypt. Beside it, the same opening and sealing with no
 * server at all: the ratio says how much of the run the API and the database take.
 */
export async function privateSwitchBench(options: { entries?: number } = {}) {
  const total = options.entries ?? 1_000;
  const bench = await openBenchDatabase();
  const { app, origin } = await startBenchApp(bench.database);
  try {
    const user = await benchUser(app, bench.database);
    const salt = (
      await app.inject({ method: 'GET', url: '/api/encryption/salt', headers: { cookie: user.cookie } })
    ).json().salt as string;
    const v1 = await deriveEntryKey(user.userId, salt);
    const rows = [];
    for (let index = 0; index < total; index += 1) {
      const sealed = await encryptText(v1, `${index}. ${TEXT.repeat(3)}`);
      const createdAt = new Date(Date.UTC(2025, 0, 1) + index * 86_400_000);
      rows.push({
        userId: user.userId,
        encryptedContent: sealed.ciphertext,
        metadata: { encryption_iv: sealed.iv },
        moodTag: index % 2 === 0 ? (MOODS[index % MOODS.length]?.label ?? null) : null,
        entryDate: createdAt.toISOString().slice(0, 10),
        createdAt,
        updatedAt: createdAt,
      });
    }
    for (let start = 0; start < rows.length; start += 250)
      await bench.database.db.insert(entries).values(rows.slice(start, start + 250));

    const accountKey = randomKeyBytes();
    const kdf: PrivateKdf = { algorithm: 'argon2id', salt: randomKdfSalt(), ...PRIVATE_MODE.kdfFloor };
    const setUp = await app.inject({
      method: 'POST',
      url: '/api/me/private-mode',
      headers: { cookie: user.cookie },
      payload: {
        password: BENCH_PASSWORD,
        kdf,
        passphraseWrap: await wrapAccountKey(
          accountKey,
          await derivePassphraseKey('a bench passphrase of some length', kdf.salt, kdf),
          'passphrase',
          user.userId,
        ),
        recoveryWrap: await wrapAccountKey(
          accountKey,
          await recoveryWrappingKey(randomKeyBytes()),
          'recovery',
          user.userId,
        ),
        keyProof: await keyProof(await importAccountKey(accountKey)),
      },
    });
    if (setUp.statusCode !== 201) throw new Error(`private mode set-up answered ${setUp.statusCode}`);
    const v2 = await deriveEntryKeyV2(await importAccountKey(accountKey));

    const turn = async (entry: ReEncryptionCandidate, key: EntryKey) => {
      const text = await decryptText(v1, {
        ciphertext: entry.encryptedContent ?? '',
        iv: entry.encryptionIv ?? '',
      });
      const sealed = await sealEntryTextV2(key, user.userId, text);
      return {
        id: entry.id,
        encryptedContent: sealed.ciphertext,
        encryptionIv: sealed.iv,
        encryptionVersion: 2,
        encryptedMood: await sealMoodV2(key, user.userId, entry.moodTag),
      };
    };
    const call = async (path: string, body?: unknown) => {
      const response = await fetch(`${origin}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { cookie: user.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (response.status !== 200)
        throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return response.json();
    };

    // The cryptography alone, on the first page as the server answers it, repeated to 1,000.
    const sample = ((await call('/api/me/private-mode/re-encryption?to=private')) as ReEncryptionPage)
      .entries;
    let started = performance.now();
    for (let index = 0; index < total; index += PRIVATE_SWITCH.batchSize)
      await Promise.all(sample.slice(0, PRIVATE_SWITCH.batchSize).map((entry) => turn(entry, v2)));
    const cryptoPerSecond = total / ((performance.now() - started) / 1000);

    // The whole run: pages, open, seal, re-encrypt, until nothing is version 1.
    started = performance.now();
    let after: string | null = null;
    let converted = 0;
    for (;;) {
      const page = (await call(
        `/api/me/private-mode/re-encryption?to=private${after ? `&after=${after}` : ''}`,
      )) as ReEncryptionPage;
      for (let start = 0; start < page.entries.length; start += PRIVATE_SWITCH.batchSize) {
        const batch = await Promise.all(
          page.entries.slice(start, start + PRIVATE_SWITCH.batchSize).map((entry) => turn(entry, v2)),
        );
        converted += (
          (await call('/api/me/private-mode/re-encrypt', { entries: batch })) as { converted: string[] }
        ).converted.length;
      }
      if (!page.next) break;
      after = page.next;
    }
    const perSecond = converted / ((performance.now() - started) / 1000);
    const left = await bench.database.db
      .select({ id: entries.id })
      .from(entries)
      .where(and(eq(entries.userId, user.userId), eq(entries.encryptionVersion, 1)));
    if (converted !== total || left.length > 0)
      throw new Error(`converted ${converted} of ${total}, ${left.length} left as version 1`);
    return {
      entries: total,
      driver: bench.database.driver,
      perSecond,
      cryptoPerSecond,
      ratio: perSecond / cryptoPerSecond,
      goal: '≥ 100 entries/s (10,000 entries under two minutes)',
    };
  } finally {
    await app.close();
    await bench.drop();
  }
}
