import { describe, expect, it } from 'vitest';
import { evaluateModeration, formatModerationEvaluation, MODERATION_GOALS } from './evaluation.ts';
import { JOURNAL_SENTENCES } from './fixtures/journal-sentences.ts';

describe('the text classifier on the labelled journal set (ADR 063)', () => {
  const evaluation = evaluateModeration(JOURNAL_SENTENCES);
  const misses = evaluation.misses.map(
    (miss) =>
      `[${miss.group}] expected ${miss.severity}, got ${miss.got} (${miss.gotFlags.join(', ')}): ${miss.text}`,
  );

  it('holds at least 400 sentences', () => {
    console.info(formatModerationEvaluation(evaluation));
    expect(JOURNAL_SENTENCES.length).toBeGreaterThanOrEqual(400);
  });

  it('blocks at most 1 % of ordinary journal writing', () => {
    expect(evaluation.journalBlocked, misses.join('\n')).toBeLessThanOrEqual(
      MODERATION_GOALS.maxJournalBlocked,
    );
  });

  it('shows the crisis message for at least 95 % of present self-harm intent', () => {
    expect(evaluation.crisisShown, misses.join('\n')).toBeGreaterThanOrEqual(MODERATION_GOALS.minCrisisShown);
  });

  it('blocks at least 90 % of threats, slurs and abuse aimed at a person', () => {
    expect(evaluation.abuseBlocked, misses.join('\n')).toBeGreaterThanOrEqual(
      MODERATION_GOALS.minAbuseBlocked,
    );
  });
});
