import { AI_MESSAGES, CHAT_LIMITED_FEATURE, type ConversationKind } from '@daybook/shared';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useConversation, useConversations, useDeleteConversation } from '../api/conversations.ts';
import { useAiStatus } from '../api/get-status.ts';
import { useAiConsent } from '../hooks/use-ai-consent.ts';
import { useChat } from '../hooks/use-chat.ts';
import { AiConsentDialog } from './AiConsentDialog.tsx';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatMessages } from './ChatMessages.tsx';
import { ConversationList } from './ConversationList.tsx';
import { LimitReached } from './LimitReached.tsx';
import { ProviderMissing } from './ProviderMissing.tsx';
import { RemainingUses } from './RemainingUses.tsx';

export type ChatCopy = {
  /** Who answers, on each reply: "Coach", "Future you". */
  speaker: string;
  /** What the empty conversation says. */
  intro: string;
  composerLabel: string;
};

/**
 * A chat grounded in the user's recent entries (the growth coach or "you, five years from now"): earlier conversations,
 * the selected one's history from the server, the reply streaming in with Stop, and the day's remaining uses.
 */
export function ChatPanel({ kind, copy }: { kind: ConversationKind; copy: ChatCopy }) {
  const feature = CHAT_LIMITED_FEATURE[kind];
  const status = useAiStatus();
  const conversations = useConversations(kind);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const remove = useDeleteConversation(kind);
  const consent = useAiConsent(kind);
  const chat = useChat(kind, selectedId, setSelectedId, consent.ensure);
  // Not asked for while its first turn is under way: the server has no such conversation until it is stored.
  const conversation = useConversation(kind, selectedId === chat.unsavedId ? null : selectedId);
  const [draft, setDraft] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const threadHeadingId = useId();

  const isProviderMissing = status.data?.providerConfigured === false;
  const isOutOfUses = status.data ? status.data.remaining[feature] <= 0 : false;
  const isStreaming = chat.pending?.state === 'waiting' || chat.pending?.state === 'streaming';

  const onSend = async () => {
    const message = draft.trim();
    setDraft('');
    const isSent = await chat.send(message);
    // A refused or failed message goes back into the box, so nothing typed is lost.
    if (!isSent) setDraft((current) => current || message);
    textareaRef.current?.focus();
  };

  const onStop = () => {
    chat.stop();
    textareaRef.current?.focus();
  };

  const onSelect = useCallback(
    (id: string | null) => {
      chat.reset();
      setSelectedId(id);
      textareaRef.current?.focus();
    },
    [chat.reset],
  );

  const onDelete = (id: string) =>
    remove.mutate(id, { onSuccess: () => (id === selectedId ? onSelect(null) : undefined) });

  // A reply growing below the fold stays in view.
  const replyLength = chat.pending?.reply.length ?? 0;
  useEffect(() => {
    if (replyLength > 0) textareaRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [replyLength]);

  const messages = selectedId ? (conversation.data?.messages ?? []) : [];
  const isHistoryLoading = selectedId !== null && conversation.isPending && chat.pending === null;

  return (
    <div className="grid gap-6 md:grid-cols-[16rem_minmax(0,1fr)]">
      <ConversationList
        label="Conversations"
        conversations={conversations.data}
        isLoading={conversations.isPending}
        selectedId={selectedId}
        onSelect={onSelect}
        onDelete={onDelete}
        isDeleting={remove.isPending}
      />
      <Card
        className="flex min-w-0 flex-col gap-4 p-4 sm:p-6"
        aria-labelledby={threadHeadingId}
        role="region"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={threadHeadingId} className="text-lg font-semibold">
            {selectedId ? (conversation.data?.title ?? 'Conversation') : 'New conversation'}
          </h2>
          <RemainingUses feature={feature} />
        </div>
        {isProviderMissing ? <ProviderMissing /> : null}
        {isHistoryLoading ? (
          <div aria-busy="true" className="flex flex-col gap-3">
            <span className="sr-only">Loading the conversation</span>
            <Skeleton className="h-10 w-2/3 self-end" />
            <Skeleton className="h-16 w-3/4" />
          </div>
        ) : conversation.isError ? (
          <Alert variant="error" role="alert">
            <p>{conversation.error.message}</p>
          </Alert>
        ) : messages.length === 0 && chat.pending === null ? (
          <p className="text-muted-foreground">{copy.intro}</p>
        ) : (
          <ChatMessages messages={messages} pending={chat.pending} speaker={copy.speaker} />
        )}
        {chat.problem?.kind === 'limit' ? (
          <LimitReached message={chat.problem.message} isDialogShown />
        ) : null}
        {chat.problem?.kind === 'error' ? (
          <Alert variant="error" role="alert">
            <p>{chat.problem.message}</p>
          </Alert>
        ) : null}
        <ChatComposer
          label={copy.composerLabel}
          value={draft}
          onChange={setDraft}
          onSend={() => void onSend()}
          onStop={onStop}
          isStreaming={isStreaming}
          isDisabled={isProviderMissing || (isOutOfUses && !isStreaming)}
          textareaRef={textareaRef}
        />
        {isOutOfUses && !isStreaming && chat.problem === null && status.data ? (
          <LimitReached message={AI_MESSAGES.limitReached(feature, status.data.limits[feature])} />
        ) : null}
      </Card>
      <AiConsentDialog {...consent.dialog} />
    </div>
  );
}
