import {
  AI_MESSAGES,
  type AiConsents,
  AiLimitReachedDetails,
  type AiStatus,
  type ChatStreamEvent,
  type Conversation,
  type ConversationKind,
  type ConversationList,
  type PrivateChatContext,
} from '@daybook/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { sendChatMessage } from '../api/chat-stream.ts';
import { conversationQueryOptions } from '../api/conversations.ts';
import { aiKeys } from '../api/query-keys.ts';

/** Why a private account's chat cannot start: its key is not in this browser session. */
const PRIVATE_CHAT_LOCKED = 'Unlock your journal to talk with the AI: in private mode your browser reads it.';

/** Waits between readings of the history after Stop, until the stopped turn is there (about 3 s in all). */
const STOP_RELOAD_WAITS_MS = [150, 300, 600, 900, 1200];

/** The turn on its way: the message sent and the reply as it streams in. */
export type PendingTurn = {
  message: string;
  reply: string;
  state: 'waiting' | 'streaming' | 'stopped' | 'failed';
};

/** Why a message was not answered: the day's limit (with its details), or another failure's message. */
export type ChatProblem =
  | { kind: 'limit'; message: string; details: AiLimitReachedDetails | null }
  | { kind: 'error'; message: string };

function problemOf(error: unknown): ChatProblem {
  if (error instanceof ApiRequestError && error.code === 'AI_LIMIT_REACHED') {
    const details = AiLimitReachedDetails.safeParse(error.details);
    return { kind: 'limit', message: error.message, details: details.success ? details.data : null };
  }
  const message = error instanceof Error && error.message ? error.message : AI_MESSAGES.providerFailed;
  return { kind: 'error', message };
}

/**
 * One chat (growth coach or future self): sends a message, renders the reply as it streams, stops it on request
 * (aborting the request; the server keeps what arrived) and then reloads the conversation from the server, whose
 * history is the one source of truth.
 */
export function useChat(
  kind: ConversationKind,
  conversationId: string | null,
  onConversation: (id: string | null) => void,
  /** Consent before a private account's words are sent (ADR 104): false when the person declined. */
  ensureConsent: () => Promise<boolean> = async () => true,
) {
  const client = useQueryClient();
  const userId = useSession().user?.id ?? '';
  const [pending, setPending] = useState<PendingTurn | null>(null);
  const [problem, setProblem] = useState<ChatProblem | null>(null);
  /**
   * A new conversation's id from the moment the server names it (`start`) until its first turn is stored: the
   * server stores the turn only once the reply is complete (or stopped), so asking for it before then is a 404.
   */
  const [unsavedId, setUnsavedId] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page (or switching chats) stops a reply under way.
  useEffect(() => () => controller.current?.abort(), []);

  const storedCount = useCallback(
    (id: string | null) =>
      id ? (client.getQueryData<Conversation>(aiKeys.conversation(kind, id))?.messages.length ?? 0) : 0,
    [client, kind],
  );

  /**
   * Fetches the history again. After Stop the server stores the turn once it notices the request has gone, a moment
   * after the browser ended it, so the history is read again a few times until it holds more than `countBefore`.
   */
  const reload = useCallback(
    async (id: string | null, countBefore: number | null) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: aiKeys.conversations(kind) }),
        client.invalidateQueries({ queryKey: aiKeys.status() }),
      ]);
      if (!id) return;
      for (const waitMs of [0, ...STOP_RELOAD_WAITS_MS]) {
        if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
        await client.refetchQueries({ queryKey: aiKeys.conversation(kind, id) });
        if (countBefore === null || storedCount(id) > countBefore) break;
      }
      if (countBefore !== null) await client.invalidateQueries({ queryKey: aiKeys.conversations(kind) });
    },
    [client, kind, storedCount],
  );

  /**
   * Whether a new conversation's first turn is stored, read from the list (which answers 200 either way): after
   * Stop the server stores it a moment after the browser ended the request, so the list is read again a few times.
   */
  const isStored = useCallback(
    async (id: string, isStopped: boolean) => {
      for (const waitMs of [0, ...(isStopped ? STOP_RELOAD_WAITS_MS : [])]) {
        if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
        await client.refetchQueries({ queryKey: aiKeys.conversations(kind) });
        const list = client.getQueryData<ConversationList>(aiKeys.conversations(kind));
        if (list?.items.some((item) => item.id === id)) return true;
      }
      return false;
    },
    [client, kind],
  );

  const send = useCallback(
    async (message: string) => {
      if (controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      setProblem(null);
      // Before anything is read or sent: a private account's consent to this feature, asked once (ADR 104).
      if (!(await ensureConsent())) {
        controller.current = null;
        return false;
      }
      setPending({ message, reply: '', state: 'waiting' });
      const isPrivate = client.getQueryData<AiConsents>(aiKeys.consents())?.isRequired === true;
      let context: PrivateChatContext | undefined;
      if (isPrivate) {
        // What the turn reads, decrypted here and sent with it; the code loads with the first private turn.
        const chatting = await import('../private-chat.ts');
        try {
          if (!(await chatting.conversationKeyOf(userId))) throw new Error(PRIVATE_CHAT_LOCKED);
          const history =
            (conversationId
              ? client.getQueryData<Conversation>(aiKeys.conversation(kind, conversationId))?.messages
              : undefined) ?? [];
          context = await chatting.chatContext(userId, kind, history, abort.signal);
        } catch (error) {
          controller.current = null;
          setProblem(problemOf(error));
          setPending(null);
          return false;
        }
      }
      let replyText = '';
      let activeId = conversationId;
      const countBefore = storedCount(conversationId);
      let isComplete = false;
      const onEvent = (event: ChatStreamEvent) => {
        switch (event.event) {
          case 'start':
            activeId = event.data.conversationId;
            if (activeId !== conversationId) setUnsavedId(activeId);
            onConversation(activeId);
            client.setQueryData<AiStatus>(aiKeys.status(), (status) =>
              status ? { ...status, remaining: event.data.remaining } : status,
            );
            setPending((turn) => (turn ? { ...turn, state: 'streaming' } : turn));
            break;
          case 'delta':
            replyText += event.data.text;
            setPending((turn) => (turn ? { ...turn, reply: turn.reply + event.data.text } : turn));
            break;
          case 'done':
            isComplete = true;
            break;
          case 'error':
            setProblem({ kind: 'error', message: event.data.message });
            setPending((turn) => (turn ? { ...turn, state: 'failed' } : turn));
            break;
        }
      };
      try {
        await sendChatMessage({
          kind,
          input: { message, ...(conversationId ? { conversationId } : {}), ...(context ? { context } : {}) },
          signal: abort.signal,
          onEvent,
        });
        if (abort.signal.aborted) {
          setPending((turn) => (turn ? { ...turn, state: 'stopped' } : turn));
        } else if (!isComplete) {
          // The stream ended without `done`: an `error` event said why, or the connection broke.
          setProblem((current) => current ?? { kind: 'error', message: AI_MESSAGES.providerFailed });
          setPending((turn) => (turn ? { ...turn, state: 'failed' } : turn));
        }
      } catch (error) {
        if (abort.signal.aborted) {
          setPending((turn) => (turn ? { ...turn, state: 'stopped' } : turn));
        } else {
          setProblem(problemOf(error));
          setPending((turn) => (turn ? { ...turn, state: 'failed' } : turn));
        }
      } finally {
        controller.current = null;
      }
      const isSent = isComplete || abort.signal.aborted;
      // A private account's turn is sealed here and stored by this browser: the server kept none of it (ADR 104).
      let isSealedStored = false;
      if (isPrivate && activeId !== null && isSent) {
        const { storeSealedTurn } = await import('../private-chat.ts');
        const isNew = activeId !== conversationId;
        const status = isComplete ? 'complete' : 'stopped';
        await storeSealedTurn({
          userId,
          kind,
          conversationId: activeId,
          isNew,
          message,
          reply: replyText,
          status,
        })
          .then(() => {
            isSealedStored = true;
          })
          .catch((error: unknown) => setProblem(problemOf(error)));
      }
      if (activeId !== null && activeId !== conversationId) {
        // A new conversation: its history is read once the server holds it (a complete reply was stored before
        // `done`); a turn that failed, or a stop the server never stored, leaves no conversation to show.
        const isThere = isPrivate
          ? isSealedStored
          : isComplete || (abort.signal.aborted && (await isStored(activeId, true)));
        if (isThere) await client.prefetchQuery(conversationQueryOptions(kind, activeId, userId));
        else onConversation(null);
        setUnsavedId(null);
        await reload(null, null);
        setPending(null);
        return isSent;
      }
      await reload(activeId, abort.signal.aborted && !isPrivate ? countBefore : null);
      // The history now holds this turn; a failed one is dropped (the page gives the message back to the composer).
      setPending(null);
      return isSent;
    },
    [client, conversationId, kind, onConversation, reload, storedCount, isStored, ensureConsent, userId],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  const reset = useCallback(() => {
    controller.current?.abort();
    setPending(null);
    setProblem(null);
    setUnsavedId(null);
  }, []);

  return { pending, problem, send, stop, reset, unsavedId, isBusy: pending !== null };
}
