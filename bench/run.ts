import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyticsRenderBench } from './analytics.bench.ts';
import { dashboardBench } from './dashboard.bench.ts';
import { dashboardJavaScriptBench, printDashboardJavaScript } from './dashboard-javascript.bench.ts';
import { entryCreationBench } from './entries.bench.ts';
import { exportThroughputBench } from './export.bench.ts';
import { futureMessagesBench } from './future-messages.bench.ts';
import { healthBench } from './health.bench.ts';
import { importThroughputBench } from './import.bench.ts';
import { inFreshProcess } from './lib/fresh-process.ts';
import { COMPARE_ROUNDS } from './lib/load.ts';
import { printProfile } from './lib/profile.ts';
import { bundleFigures, type LighthouseFigures, printWebFigures } from './lighthouse.bench.ts';
import { liveLatencyBench, printLiveLatency } from './live.bench.ts';
import { imageModerationBench, privateUploadBench, uploadThroughputBench } from './media.bench.ts';
import { idleMemoryBench, printIdleMemory } from './memory.bench.ts';
import { printMemoryAfterUse, startMemoryAfterUseBench } from './memory-after-use.bench.ts';
import { offlineSyncBench } from './offline-sync.bench.ts';
import { privateEntriesBench } from './private-entries.bench.ts';
import { privateSwitchBench } from './private-switch.bench.ts';
import { printPrivateUnlock, privateUnlockBench } from './private-unlock.bench.ts';
import { remindersBench } from './reminders.bench.ts';
import { browserSearchBench } from './search.bench.ts';
import { shareCreationBench } from './shares.bench.ts';
import { streakBench } from './streak.bench.ts';
import { printTextModeration, textModerationBench } from './text-moderation.bench.ts';
import { printTopology, topologyBench } from './topology.bench.ts';

/**
 * `npm run bench`: each benchmark reports a ratio measured within one run (our stack ÷ a bare baseline),
 * which holds up on a noisy machine far better than absolute times. Results go to bench/results/.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

// 1,000,000 rows take minutes to seed on PostgreSQL; the embedded PGlite gets a smaller large scenario.
const largeEntries = Number(
  process.env.BENCH_LARGE_ENTRIES ?? (process.env.DATABASE_URL ? 1_000_000 : 100_000),
);

// First, on a machine nothing else loads yet: `npm start` through a mixed workload (ADR 092). Its five idle minutes
// then pass while the steps below run (nothing calls it meanwhile), and a timer measures and stops it when they end.
const memoryAfterUseRun = await startMemoryAfterUseBench({
  idleSeconds: Number(process.env.BENCH_MEMORY_IDLE_SECONDS ?? 300),
});

// Then without a server: the text classifier on the labelled journal set.
const textModeration = textModerationBench();
printTextModeration(textModeration);

const entryCreation = await entryCreationBench({ seconds, connections });
const results = [
  await healthBench({ seconds, connections }),
  entryCreation,
  await shareCreationBench({ seconds, connections }),
];
const dashboard = await dashboardBench({ seconds, connections, largeEntries });
for (const s of [dashboard.small, dashboard.large]) {
  results.push({
    name: `GET /api/entries page 1 ÷ bare SQL, ${s.totalEntries.toLocaleString('en-GB')} entries`,
    driver: results[0]!.driver,
    a: s.api,
    b: s.bare,
    ratio: s.ratio,
    goal: '≥ 0.7',
  });
}

// The streak's statement reads only the user's own index entries, so the crowd's size barely matters; 100,000
// keeps the seeding short (the 1,000,000-entry query plan is asserted in apps/server/test/streaks.test.ts).
const streakEntries = Number(process.env.BENCH_STREAK_ENTRIES ?? 100_000);
const streak = await streakBench({ seconds, connections, totalEntries: streakEntries });
results.push({
  name: `GET /api/streak ÷ bare SQL, ${streak.totalEntries.toLocaleString('en-GB')} entries`,
  driver: results[0]!.driver,
  a: streak.api,
  b: streak.bare,
  ratio: streak.ratio,
  goal: '≥ 0.7',
});

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
console.info(
  `\nDaybook benchmarks (${os.cpus().length} cores, ${seconds}s × ${COMPARE_ROUNDS} rounds each, ${connections} connections)\n`,
);
console.table(
  results.map((r) => ({
    benchmark: r.name,
    driver: r.driver,
    'ours req/s': fmt(r.a.requestsPerSecond),
    'baseline req/s': fmt(r.b.requestsPerSecond),
    'ours p99 ms': fmt(r.a.p99Ms, 1),
    ratio: fmt(r.ratio, 2),
    goal: r.goal,
    errors: r.a.errors + r.a.non2xx,
  })),
);

printEntryCreationSteps(entryCreation);
for (const [title, profile] of [
  [
    `GET /api/entries page 1, ${dashboard.small.totalEntries.toLocaleString('en-GB')} entries`,
    dashboard.small.profile,
  ],
  [
    `GET /api/entries page 1, ${dashboard.large.totalEntries.toLocaleString('en-GB')} entries`,
    dashboard.large.profile,
  ],
  ['GET /api/streak', streak.profile],
] as const)
  printProfile(title, profile);
console.info(
  `Dashboard p99 at ${dashboard.large.totalEntries.toLocaleString('en-GB')} ÷ p99 at 10,000 entries: ${fmt(dashboard.p99Ratio, 2)} (goal ≤ 1.5)`,
);
const live = await liveLatencyBench({
  streams: Number(process.env.BENCH_LIVE_STREAMS ?? 10_000),
  samples: Number(process.env.BENCH_LIVE_SAMPLES ?? 500),
});
printLiveLatency(live);
const moderation = await imageModerationBench();
const upload = await uploadThroughputBench();
const privateUpload = await privateUploadBench();
const search = await browserSearchBench();
const analytics = await analyticsRenderBench();
const futureMessages = await futureMessagesBench();
const reminders = await remindersBench();
// The 5,000 entries; media kept to a few hundred MB so the whole run stays short (the 1 GB case is the
// memory test in apps/server/test/export.test.ts).
const exportRun = await exportThroughputBench({
  entryCount: Number(process.env.BENCH_EXPORT_ENTRIES ?? 5_000),
  mediaEvery: 25,
  mediaMegabytes: Number(process.env.BENCH_EXPORT_MEDIA_MB ?? 1.5),
});
// The 3,000 entries and 300 MB of media (ADR 077): one photo of about 1 MB in every ten entries; and
// a third of it first, so that the memory each one takes shows whether it grows with the archive.
const importEntries = Number(process.env.BENCH_IMPORT_ENTRIES ?? 3_000);
const importPhotoMegabytes = Number(process.env.BENCH_IMPORT_PHOTO_MB ?? 1);
const importThird = await importThroughputBench({
  entryCount: Math.round(importEntries / 3),
  photoEvery: 10,
  photoMegabytes: importPhotoMegabytes,
});
const importRun = await importThroughputBench({
  entryCount: importEntries,
  photoEvery: 10,
  photoMegabytes: importPhotoMegabytes,
});
const offlineSync = await offlineSyncBench();
const privateEntries = await privateEntriesBench({ seconds, connections });
const privateSwitch = await privateSwitchBench();
// The load generator of `npm run bench:load` against one instance, then two, behind nginx (ADR 090): PostgreSQL only,
// as several instances need it.
const topology = process.env.DATABASE_URL
  ? await topologyBench({
      seconds: Number(process.env.BENCH_LOAD_SECONDS ?? 20),
      ratePerSecond: Number(process.env.BENCH_LOAD_RATE ?? 200),
      people: Number(process.env.BENCH_LOAD_PEOPLE ?? 40),
    })
  : null;
console.info(
  `Image moderation (nsfwjs, WASM): ${fmt(moderation.msPerImage, 1)} ms per image after a ${fmt(moderation.loadMs)} ms first call`,
);
console.info(
  `Upload of ${fmt(upload.fileMegabytes, 1)} MB photos: ${fmt(upload.ours.megabytesPerSecond, 1)} MB/s (${fmt(upload.ours.uploadsPerSecond, 1)}/s) ÷ bare write ${fmt(upload.baseline.megabytesPerSecond, 1)} MB/s = ${fmt(upload.ratio, 2)}`,
);
console.info(
  `Photo upload with media sealed at rest ÷ stored plain (ADR 081): ${fmt(upload.encryption.sealedMegabytesPerSecond, 1)} ÷ ${fmt(upload.encryption.plainMegabytesPerSecond, 1)} MB/s = ${fmt(upload.encryption.ratio, 2)}`,
);
console.info(
  `Photo upload in private mode, sealed with WebCrypto before sending (Node's, not chromium's) ÷ sealed by the server (ADR 096): ${fmt(privateUpload.browserSealedMegabytesPerSecond, 1)} ÷ ${fmt(privateUpload.serverSealedMegabytesPerSecond, 1)} MB/s = ${fmt(privateUpload.ratio, 2)}`,
);
console.info(
  `Dashboard read p99 while photos are uploaded and moderated: ${fmt(upload.dashboardP99Ms.duringUploads, 1)} ms, alone ${fmt(upload.dashboardP99Ms.alone, 1)} ms`,
);
for (const run of search.runs) {
  console.info(
    `Browser search over ${fmt(run.entries)} encrypted entries (key already derived): first search ${fmt(run.firstMs, 1)} ms (every page fetched; ${fmt(run.firstDecryptMs, 1)} ms of it decrypting and filtering), later ${fmt(run.laterMs, 1)} ms (goals at 10,000: first < ${fmt(search.goals.firstMsAt10k)} ms, later < ${fmt(search.goals.laterMsAt10k)} ms; at 500, later < ${fmt(search.goals.laterMsAt500)} ms)`,
  );
}
console.info(
  `/analytics with ${fmt(analytics.entries)} encrypted entries in chromium (key already derived), first charts painted after ${fmt(analytics.totalMs)} ms: fetch ${fmt(analytics.fetchMs)}, aggregate ${fmt(analytics.aggregateMs)}, render ${fmt(analytics.renderMs)} (median of ${analytics.runs.length}; goal ${analytics.goal}); every entry decrypted, words and themes counted, after ${fmt(analytics.decryptedMs)} ms`,
);
console.info(
  `Future messages, ${fmt(futureMessages.messages)} due, delivered end to end (claim, decrypt, render, outbox, SMTP, mark): ${fmt(futureMessages.oursPerSecond)} / s ÷ nodemailer alone ${fmt(futureMessages.baselinePerSecond)} / s = ${fmt(futureMessages.ratio, 2)} (goal ${futureMessages.goal}); the job alone queues ${fmt(futureMessages.queuedPerSecond)} / s`,
);
console.info(
  `Daily reminders, ${fmt(reminders.reminders)} due, delivered end to end (claim, written-today check, day row, outbox, notification, SMTP): ${fmt(reminders.oursPerSecond)} / s ÷ nodemailer alone ${fmt(reminders.baselinePerSecond)} / s = ${fmt(reminders.ratio, 2)} (goal ${reminders.goal}); the job alone queues ${fmt(reminders.queuedPerSecond)} / s`,
);
console.info(
  `Export of ${fmt(exportRun.entries)} entries and ${fmt(exportRun.mediaFiles)} media files (${fmt(exportRun.mediaMegabytes)} MB) as a ${fmt(exportRun.archiveMegabytes)} MB zip: ${fmt(exportRun.ours.entriesPerSecond)} entries/s, ${fmt(exportRun.ours.megabytesPerSecond, 1)} MB/s of media; bare read of the same rows and files ${fmt(exportRun.bare.entriesPerSecond)} entries/s, ${fmt(exportRun.bare.megabytesPerSecond, 1)} MB/s; ours ÷ bare = ${fmt(exportRun.ratio, 2)}`,
);
console.info(
  `Import of a Day One export, ${fmt(importRun.entries)} entries and ${fmt(importRun.photos)} photos (${fmt(importRun.archiveMegabytes)} MB zip), uploaded, checked and written by the import job: ${fmt(importRun.ours.entriesPerSecond)} entries/s, ${fmt(importRun.ours.megabytesPerSecond, 1)} MB/s (upload ${fmt(importRun.seconds.upload, 1)} s, check ${fmt(importRun.seconds.check, 1)} s, write ${fmt(importRun.seconds.write, 1)} s); bare read of the archive ${fmt(importRun.bare.entriesPerSecond)} entries/s, ${fmt(importRun.bare.megabytesPerSecond, 1)} MB/s; ours ÷ bare = ${fmt(importRun.ratio, 3)}; resident memory grew at most ${fmt(importRun.rssGrowthMegabytes)} MB (a third of the archive: ${fmt(importThird.rssGrowthMegabytes)} MB)`,
);
console.info(
  `Private-mode import of the same archive by the browser's steps (ADR 099: shared reader, keyed names, version-2 sealing, batches of 50; text only, in Node's WebCrypto over loopback, not chromium): ${fmt(importRun.privateImport.entries)} entries in ${fmt(importRun.privateImport.seconds, 1)} s, ${fmt(importRun.privateImport.entriesPerSecond)} entries/s beside the server job's ${fmt(importRun.ours.entriesPerSecond)} entries/s (which also checks and stores ${fmt(importRun.photos)} photos)`,
);
console.info(
  `Offline queue sync, ${offlineSync.queued} encrypted entries sent one by one with idempotency keys (${offlineSync.driver}): ${fmt(offlineSync.syncPerSecond)} / s ÷ plain creation ${fmt(offlineSync.plainPerSecond)} / s = ${fmt(offlineSync.ratio, 2)} (goal ${offlineSync.goal}); the same queue sent again (a retry, nothing created) ${fmt(offlineSync.retryPerSecond)} / s`,
);
console.info(
  `Private mode (ADR 094) ÷ version 1, ${privateEntries.browser.pageEntries}-entry page: POST /api/entries ${fmt(privateEntries.server.a.requestsPerSecond)} ÷ ${fmt(privateEntries.server.b.requestsPerSecond)} / s = ${fmt(privateEntries.server.ratio, 2)} (the server decrypts and moderates nothing of version 2); in the browser's code, a save ${fmt(privateEntries.browser.saveMs.v2, 2)} ms (classifier, text and mood sealed) ÷ ${fmt(privateEntries.browser.saveMs.v1, 2)} ms = ${fmt(privateEntries.browser.saveMs.v2 / privateEntries.browser.saveMs.v1, 2)}; opening a dashboard page ${fmt(privateEntries.browser.openPageMs.v2, 2)} ÷ ${fmt(privateEntries.browser.openPageMs.v1, 2)} ms = ${fmt(privateEntries.browser.openPageMs.v2 / privateEntries.browser.openPageMs.v1, 2)}`,
);
console.info(
  `Switching on private mode, ${fmt(privateSwitch.entries)} version-1 entries opened, sealed under the account's key and re-encrypted in batches of 25 (${privateSwitch.driver}): ${fmt(privateSwitch.perSecond)} entries/s (goal ${privateSwitch.goal}); the opening and sealing alone ${fmt(privateSwitch.cryptoPerSecond)} entries/s; run ÷ cryptography = ${fmt(privateSwitch.ratio, 2)}`,
);
if (topology) printTopology(topology);
else
  console.info(
    'Load through nginx, one instance and two: skipped (needs DATABASE_URL: several instances share PostgreSQL)',
  );
console.info('Query plans (large scenario):');
for (const line of dashboard.large.plan) console.info(`  ${line}`);
console.info('Streak query plan:');
for (const line of streak.plan) console.info(`  ${line}`);

// In a process of its own: the page is served by a server that has not just run every benchmark above.
const web = {
  lighthouse: await inFreshProcess<LighthouseFigures[]>(
    path.join(import.meta.dirname, 'lighthouse.bench.ts'),
    'lighthouseBench',
  ),
  bundles: bundleFigures(),
  // ADR 076's measure: every script a signed-in /dashboard loads in chromium, against the budget script's count.
  dashboardJavaScript: await dashboardJavaScriptBench(),
  // Private mode's key unlock (Argon2id) in chromium, through the app's own unlock card (ADR 095).
  privateUnlock: await privateUnlockBench(),
};
printWebFigures(web.lighthouse, web.bundles);
printDashboardJavaScript(web.dashboardJavaScript);
printPrivateUnlock(web.privateUnlock);

// The instance of the first step: its timer has measured and stopped it after the idle minutes, or does so now
// (when the steps above took less); either way it is gone before the next measurement starts.
const memoryAfterUse = await memoryAfterUseRun.result;

// Last, on a machine the other benchmarks no longer load: the server as `npm start` runs it, idle (ADR 043).
const memory = await idleMemoryBench();
printIdleMemory(memory);
printMemoryAfterUse(memoryAfterUse, memory.totalRssMegabytes);

const dir = path.join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
const report = {
  at: new Date().toISOString(),
  node: process.version,
  cores: os.cpus().length,
  seconds,
  connections,
  results,
  dashboard: {
    p99Ratio: dashboard.p99Ratio,
    plan: dashboard.large.plan,
    profiles: { small: dashboard.small.profile, large: dashboard.large.profile },
  },
  streak: { plan: streak.plan, profile: streak.profile },
  entryCreation: { steps: entryCreation.steps },
  media: { moderation, upload, privateUpload },
  textModeration,
  search,
  analytics,
  futureMessages,
  reminders,
  export: exportRun,
  import: { full: importRun, third: importThird },
  offlineSync,
  privateEntries,
  privateSwitch,
  topology,
  live,
  web,
  memory,
  memoryAfterUse,
};
writeFileSync(
  path.join(dir, `${report.at.replace(/[:.]/g, '-')}.json`),
  `${JSON.stringify(report, null, 2)}\n`,
);
writeFileSync(path.join(dir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);

/** p50/p99 of each step of an entry's creation and its share of the server's time (bench/entries.bench.ts). */
function printEntryCreationSteps(run: typeof entryCreation): void {
  console.info(`POST /api/entries, where the server's time goes (${run.driver}):`);
  for (const step of run.steps) {
    const spread = Number.isNaN(step.p50Ms)
      ? ''
      : `p50 ${fmt(step.p50Ms, 2)} ms, p99 ${fmt(step.p99Ms, 2)} ms, `;
    console.info(`  ${step.step}: ${spread}mean ${fmt(step.meanMs, 2)} ms = ${fmt(step.sharePercent, 1)} %`);
  }
}
