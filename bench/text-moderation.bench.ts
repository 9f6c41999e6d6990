import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  evaluateModeration,
  formatModerationEvaluation,
} from '../packages/shared/src/moderation/evaluation.ts';
import { JOURNAL_SENTENCES } from '../packages/shared/src/moderation/fixtures/journal-sentences.ts';

/**
 * The text classifier on the labelled journal set (ADR 063): the three goals of ADR 063, the confusion table
 * (expected severity × got severity) and the time per sentence. Needs no server: the classifier is pure.
 */
export function textModerationBench() {
  const started = performance.now();
  const evaluation = evaluateModeration(JOURNAL_SENTENCES);
  const msPerSentence = (performance.now() - started) / JOURNAL_SENTENCES.length;
  const { misses: _misses, ...figures } = evaluation;
  return { ...figures, msPerSentence, misses: evaluation.misses.map((miss) => miss.text) };
}

export function printTextModeration(run: ReturnType<typeof textModerationBench>): void {
  console.info(
    `Text moderation on the labelled journal set (${run.msPerSentence.toFixed(2)} ms per sentence):`,
  );
  console.info(formatModerationEvaluation({ ...run, misses: [] }));
  for (const miss of run.misses) console.info(`  missed: ${miss}`);
}

// `npx tsx bench/text-moderation.bench.ts` runs this part alone and writes results/text-moderation.json.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const run = textModerationBench();
  printTextModeration(run);
  const dir = path.join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'text-moderation.json'),
    `${JSON.stringify({ at: new Date().toISOString(), ...run }, null, 2)}\n`,
  );
}
