import { entryModerationOutcome, type Severity, shareNoteModerationOutcome } from '../domain/moderation.ts';
import { classifyText } from './classify-text.ts';
import type { LabelledSentence } from './fixtures/journal-sentences.ts';

/** The goals of ADR 063, as fractions. */
export const MODERATION_GOALS = {
  maxJournalBlocked: 0.01,
  minCrisisShown: 0.95,
  minAbuseBlocked: 0.9,
} as const;

const SEVERITIES: readonly Severity[] = ['safe', 'low', 'medium', 'high'];

export type SentenceResult = LabelledSentence & {
  got: Severity;
  gotFlags: string[];
  isBlocked: boolean;
  isCrisis: boolean;
};

export type ModerationEvaluation = {
  counts: Record<LabelledSentence['group'], number>;
  journalBlocked: number;
  crisisShown: number;
  abuseBlocked: number;
  /** Sentences whose severity and flags are exactly as labelled. */
  exactMatches: number;
  /** confusion[expected][got]: how many sentences labelled `expected` were classified `got`. */
  confusion: Record<Severity, Record<Severity, number>>;
  /** The sentences that miss their group's goal: blocked journal writing, crisis without the message, abuse let through. */
  misses: SentenceResult[];
  meetsGoals: boolean;
};

/** Classifies every sentence as the app would (an entry, or a note for `recipient`) and measures the three goals. */
export function evaluateModeration(sentences: readonly LabelledSentence[]): ModerationEvaluation {
  const results: SentenceResult[] = sentences.map((sentence) => {
    const verdict = classifyText(sentence.text, { audience: sentence.audience ?? 'self' });
    const outcome =
      sentence.audience === 'recipient'
        ? shareNoteModerationOutcome(verdict)
        : entryModerationOutcome(verdict);
    return {
      ...sentence,
      got: verdict.severity,
      gotFlags: verdict.flags,
      isBlocked: outcome.action === 'block',
      isCrisis: outcome.action === 'block' && outcome.isCrisis,
    };
  });
  const inGroup = (group: LabelledSentence['group']) => results.filter((r) => r.group === group);
  const share = (list: SentenceResult[], pick: (r: SentenceResult) => boolean) =>
    list.length === 0 ? 0 : list.filter(pick).length / list.length;
  const journal = inGroup('journal');
  const crisis = inGroup('crisis');
  const abuse = inGroup('abuse');
  const confusion = Object.fromEntries(
    SEVERITIES.map((expected) => [expected, Object.fromEntries(SEVERITIES.map((got) => [got, 0]))]),
  ) as ModerationEvaluation['confusion'];
  for (const result of results) confusion[result.severity][result.got]++;
  const journalBlocked = share(journal, (r) => r.isBlocked);
  const crisisShown = share(crisis, (r) => r.isCrisis);
  const abuseBlocked = share(abuse, (r) => r.isBlocked);
  return {
    counts: { journal: journal.length, crisis: crisis.length, abuse: abuse.length },
    journalBlocked,
    crisisShown,
    abuseBlocked,
    exactMatches: results.filter(
      (r) => r.got === r.severity && [...r.gotFlags].sort().join() === [...r.flags].sort().join(),
    ).length,
    confusion,
    misses: [
      ...journal.filter((r) => r.isBlocked),
      ...crisis.filter((r) => !r.isCrisis),
      ...abuse.filter((r) => !r.isBlocked),
    ],
    meetsGoals:
      journalBlocked <= MODERATION_GOALS.maxJournalBlocked &&
      crisisShown >= MODERATION_GOALS.minCrisisShown &&
      abuseBlocked >= MODERATION_GOALS.minAbuseBlocked,
  };
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)} %`;

/** The figures and the confusion table (expected rows × got columns) as plain text, for the test log and the bench. */
export function formatModerationEvaluation(evaluation: ModerationEvaluation): string {
  const { counts, confusion } = evaluation;
  const header = ['expected \\ got', ...SEVERITIES].map((cell) => cell.padEnd(16)).join('');
  const table = SEVERITIES.map((expected) =>
    [expected, ...SEVERITIES.map((got) => String(confusion[expected][got]))]
      .map((cell) => cell.padEnd(16))
      .join(''),
  );
  return [
    `sentences: ${counts.journal} journal, ${counts.crisis} crisis, ${counts.abuse} abuse; ${evaluation.exactMatches} with exactly the labelled severity and flags`,
    `journal blocked: ${percent(evaluation.journalBlocked)} (goal at most ${percent(MODERATION_GOALS.maxJournalBlocked)})`,
    `crisis message shown: ${percent(evaluation.crisisShown)} (goal at least ${percent(MODERATION_GOALS.minCrisisShown)})`,
    `abuse blocked: ${percent(evaluation.abuseBlocked)} (goal at least ${percent(MODERATION_GOALS.minAbuseBlocked)})`,
    header,
    ...table,
  ].join('\n');
}
