import { type AiLimitedFeature, type AiStatus, FUTURE_SELF_AHEAD } from '@daybook/shared';
import { Bot, CircleCheck, CircleSlash, Hourglass, Lightbulb, Wand2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAiStatus } from '../api/get-status.ts';
import { InsightsPanel } from '../components/InsightsPanel.tsx';
import { ProviderMissing } from '../components/ProviderMissing.tsx';
import { remainingLabel } from '../limits.ts';

type FeatureCard = {
  title: string;
  Icon: typeof Wand2;
  what: string;
  /** What leaves the server, given the provider's host (null without a provider). */
  sends: (host: string | null) => string;
  feature: AiLimitedFeature | null;
  action?: ReactNode;
};

const toProvider = (host: string | null) =>
  host ? `the AI provider at ${host}` : 'an AI provider (none is configured)';

const FEATURES: FeatureCard[] = [
  {
    title: 'AI Assist',
    Icon: Wand2,
    what: 'Expands a draft entry with more detail, on the quick entry card and when editing. Undo puts your words back.',
    sends: (host) =>
      `The draft you are writing, sent over TLS to Daybook and from there to ${toProvider(host)}. It is not stored or logged.`,
    feature: null,
  },
  {
    title: 'Insights',
    Icon: Lightbulb,
    what: 'Mood distribution and trend, recurring themes and the words you use most over 7, 30 or 90 days, with a short written reflection.',
    sends: (host) =>
      `Statistics, themes and words are computed on the Daybook server with local language tools, with no network. For the reflection, the period's entries (decrypted for that request only) go to ${toProvider(host)}.`,
    feature: 'insights',
  },
  {
    title: 'Growth coach',
    Icon: Bot,
    what: 'A conversation grounded in your recent entries, for reflection and next steps.',
    sends: (host) =>
      `Your message and your recent entries (decrypted on the server for that request only) go to ${toProvider(host)}. The conversation is kept encrypted with your key.`,
    feature: 'coaching',
    action: (
      <Button asChild size="sm" variant="outline" className="self-start">
        <Link to="/coach">Open the coach</Link>
      </Button>
    ),
  },
  {
    title: 'Future-self chat',
    Icon: Hourglass,
    what: `A conversation with you, ${FUTURE_SELF_AHEAD}, answering from what you write today.`,
    sends: (host) =>
      `Your message and your recent entries go to ${toProvider(host)}, as for the coach; the conversation is kept encrypted.`,
    feature: 'futureChat',
    action: (
      <Button asChild size="sm" variant="outline" className="self-start">
        <Link to="/coach?with=future-self">Talk with future you</Link>
      </Button>
    ),
  },
];

function ProviderSummary({ status }: { status: AiStatus }) {
  if (!status.providerConfigured) return <ProviderMissing />;
  return (
    <Alert variant="success" role="status">
      <p>
        AI provider configured: requests go to <strong>{status.providerHost}</strong>
        {status.model ? (
          <>
            {' '}
            (model <strong>{status.model}</strong>)
          </>
        ) : null}
        . Text moderation runs{' '}
        {status.moderation === 'provider'
          ? 'at the provider, with the local word lists as fall-back'
          : 'on this server, with local word lists'}
        .
      </p>
    </Alert>
  );
}

function FeatureTile({ card, status }: { card: FeatureCard; status: AiStatus | undefined }) {
  const { Icon } = card;
  const isAvailable = card.feature === 'insights' || status?.providerConfigured !== false;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <h3 className="flex items-center gap-2 text-lg font-semibold">
        <Icon aria-hidden="true" className="size-5 text-primary" />
        {card.title}
      </h3>
      <p>{card.what}</p>
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground">What is sent: </span>
        {status ? card.sends(status.providerHost) : '…'}
      </p>
      <p className="flex items-center gap-1.5 text-sm">
        {isAvailable ? (
          <CircleCheck aria-hidden="true" className="size-4 text-primary" />
        ) : (
          <CircleSlash aria-hidden="true" className="size-4 text-muted-foreground" />
        )}
        {card.feature && status
          ? remainingLabel(card.feature, status.remaining[card.feature], status.limits[card.feature])
          : 'No daily limit'}
        {isAvailable ? '' : ' · needs an AI provider'}
      </p>
      {card.action}
    </Card>
  );
}

/** /ai-features: each AI feature, what it sends where, today's remaining uses, the provider; and insights. */
export default function AiFeaturesPage() {
  useDocumentTitle('AI Features');
  const status = useAiStatus();
  return (
    <div className="page-container flex flex-col gap-8 py-8 sm:py-12">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold sm:text-4xl">AI Features</h1>
        <p className="max-w-3xl text-muted-foreground">
          Daybook's AI features run only when you use them. Your entries are stored encrypted; for an AI
          request the server decrypts what that request needs, in memory, and never logs it.
        </p>
      </div>
      {status.isPending ? (
        <Skeleton className="h-14" />
      ) : status.isError ? (
        <Alert variant="error" role="alert">
          <p>The AI status could not be loaded. {status.error.message}</p>
        </Alert>
      ) : (
        <ProviderSummary status={status.data} />
      )}
      <InsightsPanel />
      <section aria-labelledby="ai-features-list" className="flex flex-col gap-4">
        <h2 id="ai-features-list" className="text-xl font-semibold">
          What each feature does
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          {FEATURES.map((card) => (
            <FeatureTile key={card.title} card={card} status={status.data} />
          ))}
        </div>
      </section>
    </div>
  );
}
