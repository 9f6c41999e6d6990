import { AI_MESSAGES, type ChatMessage } from '@daybook/shared';
import { cn } from '../../../lib/cn.ts';
import type { PendingTurn } from '../hooks/use-chat.ts';

type Bubble = { key: string; author: 'user' | 'assistant'; content: string; note?: string | undefined };

function MessageBubble({ author, content, note, speaker }: Omit<Bubble, 'key'> & { speaker: string }) {
  const isUser = author === 'user';
  return (
    <li className={cn('flex flex-col gap-1', isUser ? 'items-end' : 'items-start')}>
      <span className="text-xs font-medium text-muted-foreground">{isUser ? 'You' : speaker}</span>
      <div
        className={cn(
          'max-w-[85%] whitespace-pre-wrap rounded-lg px-3 py-2 leading-relaxed',
          isUser ? 'bg-primary text-primary-foreground' : 'border bg-card text-card-foreground',
        )}
      >
        {content}
      </div>
      {note ? <span className="text-xs text-muted-foreground">{note}</span> : null}
    </li>
  );
}

type ChatMessagesProps = {
  messages: readonly ChatMessage[];
  pending: PendingTurn | null;
  /** Who answers: "Coach" or "Future you". */
  speaker: string;
};

/**
 * The conversation, oldest first, and the turn on its way. The reply streams inside a polite live region that is
 * busy while it grows, so a screen reader reads it once, whole, rather than token by token.
 */
export function ChatMessages({ messages, pending, speaker }: ChatMessagesProps) {
  const bubbles: Bubble[] = messages.map((message) => ({
    key: message.id,
    author: message.role,
    content: message.content,
    note: message.status === 'stopped' ? AI_MESSAGES.stopped : undefined,
  }));
  const isStreaming = pending !== null && (pending.state === 'waiting' || pending.state === 'streaming');
  return (
    <div className="flex flex-col gap-3">
      <ol aria-label="Messages" className="flex flex-col gap-3">
        {bubbles.map(({ key, ...bubble }) => (
          <MessageBubble key={key} speaker={speaker} {...bubble} />
        ))}
        {pending ? <MessageBubble author="user" content={pending.message} speaker={speaker} /> : null}
      </ol>
      <div role="log" aria-live="polite" aria-busy={isStreaming} aria-label={`${speaker}'s reply`}>
        {pending ? (
          <ol className="flex flex-col gap-3">
            <MessageBubble
              author="assistant"
              speaker={speaker}
              content={pending.reply || (isStreaming ? '…' : '')}
              note={pending.state === 'stopped' ? AI_MESSAGES.stopped : undefined}
            />
          </ol>
        ) : null}
      </div>
    </div>
  );
}
