import { type ConversationKind, FUTURE_SELF_AHEAD } from '@daybook/shared';
import { Link, useSearchParams } from 'react-router';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { type ChatCopy, ChatPanel } from '../components/ChatPanel.tsx';

const MODES = [
  { value: 'coach', label: 'Growth coach' },
  { value: 'future-self', label: 'Future you' },
] as const;

const COPY: Record<ConversationKind, ChatCopy & { about: string }> = {
  coach: {
    speaker: 'Coach',
    composerLabel: 'Message to your coach',
    intro:
      'Ask about a pattern you notice, a goal, or how a week went. The coach reads your recent entries for this answer only.',
    about: 'A coach who has read your recent entries, for reflection and next steps.',
  },
  'future-self': {
    speaker: 'Future you',
    composerLabel: `Message to yourself, ${FUTURE_SELF_AHEAD}`,
    intro: `Talk with you, ${FUTURE_SELF_AHEAD}: someone who remembers what you are writing today and how it turned out.`,
    about: `You, ${FUTURE_SELF_AHEAD}, answering from your recent entries.`,
  },
};

const isMode = (value: string | null): value is ConversationKind =>
  MODES.some((mode) => mode.value === value);

/** /coach: the growth coach and future-self chat, one component in two modes (?with=future-self). */
export default function CoachPage() {
  useDocumentTitle('Growth Coach');
  const [params, setParams] = useSearchParams();
  const withParam = params.get('with');
  const kind: ConversationKind = isMode(withParam) ? withParam : 'coach';
  const copy = COPY[kind];

  return (
    <div className="page-container flex flex-col gap-6 py-8 sm:py-12">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold sm:text-4xl">Growth Coach</h1>
        <p className="text-muted-foreground">
          {copy.about} What is sent, and where, is on{' '}
          <Link to="/ai-features" className="font-medium text-primary underline-offset-4 hover:underline">
            AI features
          </Link>
          .
        </p>
      </div>
      <SegmentedControl
        label="Talk with"
        options={MODES}
        value={kind}
        onValueChange={(next) => setParams(next === 'coach' ? {} : { with: next }, { replace: true })}
        className="self-start"
      />
      <ChatPanel key={kind} kind={kind} copy={copy} />
    </div>
  );
}
