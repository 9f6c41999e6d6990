import {
  AI_LIMITS,
  AI_MESSAGES,
  type AiConsents,
  type AiInsights,
  type InsightsPeriodDays,
  REFLECTION_UNAVAILABLE_MESSAGES,
} from '@daybook/shared';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Sparkles } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/dates.ts';
import { moodEmoji } from '../../../lib/mood-emoji.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { useGenerateInsights } from '../api/get-insights.ts';
import { useAiStatus } from '../api/get-status.ts';
import { aiKeys } from '../api/query-keys.ts';
import { useAiConsent } from '../hooks/use-ai-consent.ts';
import { AiConsentDialog } from './AiConsentDialog.tsx';
import { LimitReached } from './LimitReached.tsx';
import { MoodTrend } from './MoodTrend.tsx';
import { RemainingUses } from './RemainingUses.tsx';

const PERIODS = AI_LIMITS.insightsPeriods.map((days) => ({
  value: String(days) as `${InsightsPeriodDays}`,
  label: `${days} days`,
}));

const POLARITY_STYLE = {
  positive: 'bg-primary',
  neutral: 'bg-muted-foreground/60',
  negative: 'bg-destructive',
} as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Chips({ items }: { items: readonly { label: string; count: number }[] }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">Nothing recurring yet.</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item.label} className="rounded-full border bg-muted/40 px-3 py-1 text-sm">
          {item.label} <span className="text-muted-foreground">×{item.count}</span>
        </li>
      ))}
    </ul>
  );
}

function MoodDistribution({ distribution }: { distribution: AiInsights['moodDistribution'] }) {
  if (distribution.total === 0)
    return <p className="text-sm text-muted-foreground">No moods in this period.</p>;
  const rows = (['positive', 'neutral', 'negative'] as const).map((polarity) => ({
    polarity,
    percent: distribution[polarity],
  }));
  return (
    <div className="flex flex-col gap-3">
      <dl className="flex flex-col gap-2">
        {rows.map(({ polarity, percent }) => (
          <div key={polarity} className="grid grid-cols-[5.5rem_1fr_3.5rem] items-center gap-2 text-sm">
            <dt className="capitalize">{polarity}</dt>
            <dd className="h-2.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
              <div
                className={`h-full rounded-full ${POLARITY_STYLE[polarity]}`}
                style={{ width: `${percent}%` }}
              />
            </dd>
            <dd className="text-right tabular-nums">{percent}%</dd>
          </div>
        ))}
      </dl>
      <ul className="flex flex-wrap gap-2 text-sm">
        {distribution.moods.map(({ mood, count }) => (
          <li key={mood} className="rounded-full border px-3 py-1">
            <span aria-hidden="true">{moodEmoji(mood)} </span>
            {mood} <span className="text-muted-foreground">×{count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function InsightsResult({ insights }: { insights: AiInsights }) {
  const { period, reflection, reflectionUnavailableReason } = insights;
  return (
    <div className="flex flex-col gap-6" data-testid="insights-result">
      <p className="text-sm text-muted-foreground">
        {formatDay('mediumDate', period.from)} – {formatDay('mediumDate', period.to)}:{' '}
        {insights.entryCount === 1 ? '1 entry' : `${insights.entryCount} entries`}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Mood distribution">
          <MoodDistribution distribution={insights.moodDistribution} />
        </Section>
        <Section title="Mood trend">
          <MoodTrend points={insights.moodTrend} />
        </Section>
        <Section title="Recurring themes">
          <Chips items={insights.themes.map(({ theme, count }) => ({ label: theme, count }))} />
        </Section>
        <Section title="Words you used most">
          <Chips items={insights.topWords.map(({ word, count }) => ({ label: word, count }))} />
        </Section>
      </div>
      <Section title="Reflection">
        {reflection ? (
          <blockquote className="whitespace-pre-wrap border-l-4 border-primary/60 pl-4 leading-relaxed">
            {reflection}
          </blockquote>
        ) : (
          <Alert variant="info">
            <p>
              {reflectionUnavailableReason
                ? REFLECTION_UNAVAILABLE_MESSAGES[reflectionUnavailableReason]
                : REFLECTION_UNAVAILABLE_MESSAGES.provider_failed}
            </p>
          </Alert>
        )}
      </Section>
    </div>
  );
}

/**
 * Insights over 7, 30 or 90 days: statistics, themes and words from local NLP on the server (no provider needed),
 * and a written reflection from the provider when one is configured. Each request spends one of the day's insights,
 * so they are made on request, not when the page opens.
 */
/** Why a private account's insights cannot start: its key is not in this browser session. */
const PRIVATE_INSIGHTS_LOCKED = 'Unlock your journal to get insights: in private mode your browser reads it.';

export function InsightsPanel() {
  const headingId = useId();
  const [period, setPeriod] = useState<`${InsightsPeriodDays}`>('30');
  const status = useAiStatus();
  const generate = useGenerateInsights();
  const consent = useAiConsent('insights');
  const client = useQueryClient();
  const userId = useSession().user?.id ?? '';
  const [readError, setReadError] = useState<string | null>(null);
  const isOutOfUses = status.data ? status.data.remaining.insights <= 0 : false;
  const limitError = generate.error && isApiError(generate.error, 'AI_LIMIT_REACHED') ? generate.error : null;

  /** A private account consents first, then its browser reads and sends the period's entries (ADR 104). */
  const onGenerate = async () => {
    const days = Number(period) as InsightsPeriodDays;
    setReadError(null);
    if (!(await consent.ensure())) return;
    if (client.getQueryData<AiConsents>(aiKeys.consents())?.isRequired !== true) {
      generate.mutate({ days });
      return;
    }
    try {
      const { conversationKeyOf, insightsEntries } = await import('../private-chat.ts');
      if (!(await conversationKeyOf(userId))) throw new Error(PRIVATE_INSIGHTS_LOCKED);
      generate.mutate({ days, entries: await insightsEntries(userId, days) });
    } catch (error) {
      setReadError(error instanceof Error ? error.message : AI_MESSAGES.providerFailed);
    }
  };

  return (
    <Card role="region" aria-labelledby={headingId} className="flex flex-col gap-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id={headingId} className="text-xl font-semibold">
            Insights
          </h2>
          <p className="text-sm text-muted-foreground">
            Your mood, themes and words over a period, and a short written reflection.
          </p>
        </div>
        <RemainingUses feature="insights" />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SegmentedControl label="Period" options={PERIODS} value={period} onValueChange={setPeriod} />
        <Button
          onClick={() => void onGenerate()}
          disabled={generate.isPending || isOutOfUses}
          aria-busy={generate.isPending}
        >
          {generate.isPending ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <Sparkles aria-hidden="true" />
          )}
          {generate.isPending ? 'Looking at your entries…' : 'Get insights'}
        </Button>
      </div>
      {limitError ? <LimitReached message={limitError.message} isDialogShown /> : null}
      {isOutOfUses && !limitError && status.data ? (
        <LimitReached message={AI_MESSAGES.limitReached('insights', status.data.limits.insights)} />
      ) : null}
      {readError ? (
        <Alert variant="error" role="alert">
          <p>{readError}</p>
        </Alert>
      ) : null}
      <AiConsentDialog {...consent.dialog} />
      {generate.error && !limitError ? (
        <Alert variant="error" role="alert">
          <p>{generate.error.message}</p>
        </Alert>
      ) : null}
      <div aria-live="polite" aria-busy={generate.isPending}>
        {generate.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-5 w-60" />
            <Skeleton className="h-20" />
            <Skeleton className="h-32" />
          </div>
        ) : generate.data ? (
          <InsightsResult insights={generate.data} />
        ) : null}
      </div>
    </Card>
  );
}
