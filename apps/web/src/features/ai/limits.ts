import type { AiLimitedFeature, AiStatus } from '@daybook/shared';

const NOUNS: Record<AiLimitedFeature, [one: string, many: string]> = {
  insights: ['insight', 'insights'],
  coaching: ['coaching message', 'coaching messages'],
  futureChat: ['future-self message', 'future-self messages'],
};

/** "1 of 2 insights left today"; "No coaching messages left today" at 0. */
export function remainingLabel(feature: AiLimitedFeature, remaining: number, limit: number): string {
  const [one, many] = NOUNS[feature];
  const left = Math.max(0, Math.min(remaining, limit));
  if (left === 0) return `No ${many} left today`;
  return `${left} of ${limit} ${limit === 1 ? one : many} left today`;
}

export function remainingOf(status: AiStatus, feature: AiLimitedFeature) {
  return { remaining: status.remaining[feature], limit: status.limits[feature] };
}
