import { type AiInsights, addDays, type MoodPolarity, moodClass, type SentimentLabel } from '@daybook/shared';
import { analyzeText } from '../../infra/ai/local-nlp.ts';
import type { ReadableEntry } from '../entries/service.ts';

/** wink-nlp's sentiment is small for neutral prose; beyond ±0.1 it reads as a leaning. */
const SENTIMENT_THRESHOLD = 0.1;
export const sentimentLabel = (score: number): SentimentLabel =>
  score > SENTIMENT_THRESHOLD ? 'positive' : score < -SENTIMENT_THRESHOLD ? 'negative' : 'neutral';

const round1 = (value: number) => Math.round(value * 10) / 10;
const round3 = (value: number) => Math.round(value * 1000) / 1000;
const percent = (part: number, total: number) => (total === 0 ? 0 : round1((part / total) * 100));

function topCounts(values: string[], limit: number, minCount = 1): { key: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()]
    .filter(([, count]) => count >= minCount)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([key, count]) => ({ key, count }));
}

export type LocalInsights = Omit<AiInsights, 'reflection' | 'reflectionUnavailableReason' | 'remaining'>;

/**
 * Statistics, themes and sentiment of a period's entries, computed in this process with wink-nlp (no network).
 * Themes are hashtags, and nouns that recur in at least two entries.
 */
export async function localInsights(
  entries: ReadableEntry[],
  period: { days: 7 | 30 | 90; from: string; to: string },
): Promise<LocalInsights> {
  const oldestFirst = [...entries].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const analysed = await Promise.all(
    oldestFirst.map(async (entry) => ({
      entry,
      analysis: entry.text.trim() ? await analyzeText(entry.text) : null,
    })),
  );

  const moods = oldestFirst.flatMap((entry) => (entry.mood ? [entry.mood] : []));
  const polarities = moods.map(moodClass);
  const count = (p: MoodPolarity) => polarities.filter((x) => x === p).length;

  const byDay = new Map<string, { moods: number[]; sentiments: number[]; entryCount: number }>();
  for (const { entry, analysis } of analysed) {
    const day = byDay.get(entry.date) ?? { moods: [], sentiments: [], entryCount: 0 };
    day.entryCount += 1;
    if (entry.mood) day.moods.push({ positive: 1, neutral: 0, negative: -1 }[moodClass(entry.mood)]);
    if (analysis) day.sentiments.push(analysis.sentiment);
    byDay.set(entry.date, day);
  }
  const mean = (values: number[]) =>
    values.length === 0 ? null : round3(values.reduce((a, b) => a + b, 0) / values.length);

  const withText = analysed.filter((item) => item.analysis !== null);
  const scores = withText.map((item) => item.analysis!.sentiment);
  const labels = scores.map(sentimentLabel);

  // A noun is a theme when it appears in at least two entries (counted once per entry).
  const nounsPerEntry = withText.flatMap((item) => [...new Set(item.analysis!.nouns)]);
  const hashtags = withText.flatMap((item) => [...new Set(item.analysis!.hashtags)]);
  const themes = [
    ...topCounts(hashtags, 10).map(({ key, count }) => ({ theme: `#${key}`, count })),
    ...topCounts(nounsPerEntry, 10, 2).map(({ key, count }) => ({ theme: key, count })),
  ]
    .sort((a, b) => b.count - a.count || a.theme.localeCompare(b.theme))
    .slice(0, 10);

  return {
    period,
    entryCount: entries.length,
    moodDistribution: {
      total: moods.length,
      positive: percent(count('positive'), moods.length),
      neutral: percent(count('neutral'), moods.length),
      negative: percent(count('negative'), moods.length),
      moods: topCounts(moods, 19).map(({ key, count }) => ({ mood: key, count })),
    },
    moodTrend: [...byDay.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([date, day]) => ({
        date,
        entryCount: day.entryCount,
        moodScore: mean(day.moods),
        sentiment: mean(day.sentiments),
      })),
    themes,
    topWords: topCounts(
      withText.flatMap((item) => item.analysis!.words),
      20,
    ).map(({ key, count }) => ({ word: key, count })),
    sentiment: {
      average: mean(scores),
      positive: labels.filter((l) => l === 'positive').length,
      neutral: labels.filter((l) => l === 'neutral').length,
      negative: labels.filter((l) => l === 'negative').length,
      entries: withText.map((item) => ({
        entryId: item.entry.id,
        date: item.entry.date,
        score: round3(item.analysis!.sentiment),
        label: sentimentLabel(item.analysis!.sentiment),
      })),
    },
  };
}

/** The period's first and last day in the user's zone: `days` days ending today. */
export function periodOf(today: string, days: 7 | 30 | 90) {
  return { days, from: addDays(today, -(days - 1)), to: today };
}

/** "60% positive, 30% neutral, 10% negative (10 tagged)" for the reflection prompt. */
export function moodSummary(insights: LocalInsights): string {
  const m = insights.moodDistribution;
  return m.total === 0
    ? 'no mood tags'
    : `${m.positive}% positive, ${m.neutral}% neutral, ${m.negative}% negative (${m.total} tagged)`;
}
