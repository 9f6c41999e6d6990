import {
  decryptText,
  deriveEntryKey,
  deriveEntryKeyV2,
  type EntryKey,
  encryptText,
  importAccountKey,
  openEntryTextV2,
  openMoodV2,
  sealEntryTextV2,
  sealMoodV2,
} from '@daybook/shared';
import { classifyText } from '@daybook/shared/moderation';
import { browserKeySetUp } from '../apps/server/test/support/private-keys.ts';
import { BENCH_PASSWORD, benchUser, startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';
import { compare, load } from './lib/load.ts';

const TEXT =
  'A slow walk by the river this evening. I left my phone at home and noticed the light on the water.';
const MOOD = 'Calm';
/** A dashboard page: what the list decrypts before it shows the first screen. */
const PAGE_ENTRIES = 20;
const BROWSER_ROUNDS = 200;

/**
 * Private mode (ADR 094) beside version 1, in one run. The server: `POST /api/entries` of a sealed version-2 entry
 * (no key derived, nothing decrypted or moderated there) against a version-1 one (decrypted in memory, checked,
 * moderated). The browser's part, with the very functions the web app runs, on Node's WebCrypto: what a save costs
 * there (version 1: seal the text; version 2: the shared classifier, then the text and the padded mood sealed) and
 * what opening a dashboard page of entries costs (version 2 opens a mood too).
 */
export async function privateEntriesBench(options: { seconds: number; connections: number }) {
  const bench = await openBenchDatabase();
  const { app, origin } = await startBenchApp(bench.database);
  try {
    const standard = await benchUser(app, bench.database);
    const person = await benchUser(app, bench.database);
    const keys = await browserKeySetUp(person.userId, 'a long bench passphrase, river and light');
    const setUp = await app.inject({
      method: 'POST',
      url: '/api/me/private-mode',
      headers: { cookie: person.cookie },
      payload: {
        password: BENCH_PASSWORD,
        kdf: keys.kdf,
        passphraseWrap: keys.passphraseWrap,
        recoveryWrap: keys.recoveryWrap,
        keyProof: keys.keyProof,
      },
    });
    if (setUp.statusCode !== 201) throw new Error(`private mode set-up: ${setUp.statusCode} ${setUp.body}`);
    const keyV2 = await deriveEntryKeyV2(await importAccountKey(keys.accountKey));
    const keyV1 = await deriveEntryKey(standard.userId, standard.salt);
    const sealedV2 = await sealEntryTextV2(keyV2, person.userId, TEXT);
    const bodyV2 = JSON.stringify({
      encryptedContent: sealedV2.ciphertext,
      encryptionIv: sealedV2.iv,
      encryptionVersion: 2,
      encryptedMood: await sealMoodV2(keyV2, person.userId, MOOD),
    });
    const post = (cookie: string, body: string) =>
      load(`${origin}/api/entries`, {
        ...options,
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', cookie },
      });
    const server = await compare(
      () => post(person.cookie, bodyV2),
      () => post(standard.cookie, standard.body),
    );
    const browser = await browserWork(keyV1, keyV2, person.userId);
    return { server, browser };
  } finally {
    await app.close();
    await bench.drop();
  }
}

/** Mean ms per call of each, measured in alternating rounds so the machine's noise falls on both alike. */
async function browserWork(keyV1: EntryKey, keyV2: EntryKey, userV2: string) {
  const v1Page = await Promise.all(Array.from({ length: PAGE_ENTRIES }, () => encryptText(keyV1, TEXT)));
  const v2Page = await Promise.all(
    Array.from({ length: PAGE_ENTRIES }, async () => ({
      text: await sealEntryTextV2(keyV2, userV2, TEXT),
      mood: await sealMoodV2(keyV2, userV2, MOOD),
    })),
  );
  const saveV1 = () => encryptText(keyV1, TEXT);
  const saveV2 = async () => {
    classifyText(TEXT);
    await sealEntryTextV2(keyV2, userV2, TEXT);
    await sealMoodV2(keyV2, userV2, MOOD);
  };
  const openV1 = () => Promise.all(v1Page.map((sealed) => decryptText(keyV1, sealed)));
  const openV2 = () =>
    Promise.all(
      v2Page.map(async (sealed) => {
        await openEntryTextV2(keyV2, userV2, sealed.text);
        await openMoodV2(keyV2, userV2, sealed.mood);
      }),
    );
  const time = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    for (let i = 0; i < BROWSER_ROUNDS; i++) await work();
    return (performance.now() - started) / BROWSER_ROUNDS;
  };
  // Every path warmed (the classifier's lexicon, WebCrypto's key schedules, the JIT) before anything is timed.
  for (const work of [saveV1, saveV2, openV1, openV2]) await time(work);
  const saves = { v1: [] as number[], v2: [] as number[] };
  const opens = { v1: [] as number[], v2: [] as number[] };
  for (let round = 0; round < 5; round++) {
    // The order alternates, so neither side always runs second.
    const pairs = [
      [saves.v1, saveV1],
      [saves.v2, saveV2],
      [opens.v1, openV1],
      [opens.v2, openV2],
    ] as const;
    for (const [into, work] of round % 2 ? pairs.toReversed() : pairs) into.push(await time(work));
  }
  const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    pageEntries: PAGE_ENTRIES,
    saveMs: { v1: median(saves.v1), v2: median(saves.v2) },
    openPageMs: { v1: median(opens.v1), v2: median(opens.v2) },
  };
}
