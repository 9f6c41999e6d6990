import { api, type ConversationKind } from '@daybook/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { aiKeys } from './query-keys.ts';

/**
 * The conversations of one kind, newest first: titles decrypted on the server for their owner, or for a private
 * account opened here with the conversation key (ADR 104; that code loads only when a sealed title arrives).
 */
export function conversationsQueryOptions(kind: ConversationKind, userId: string) {
  return queryOptions({
    queryKey: aiKeys.conversations(kind),
    queryFn: async ({ signal }) => {
      const list = await callApi(api.ai.conversations, { params: { kind }, signal });
      if (!list.items.some((item) => item.sealedTitle)) return list;
      const { openSummaries } = await import('../private-chat.ts');
      return { items: await openSummaries(userId, list.items) };
    },
    select: (list) => list.items,
  });
}

export function useConversations(kind: ConversationKind) {
  return useQuery(conversationsQueryOptions(kind, useSession().user?.id ?? ''));
}

export function conversationQueryOptions(kind: ConversationKind, id: string, userId: string) {
  return queryOptions({
    queryKey: aiKeys.conversation(kind, id),
    queryFn: async ({ signal }) => {
      const conversation = await callApi(api.ai.conversation, { params: { kind, id }, signal });
      if (!conversation.sealedTitle && !conversation.messages.some((message) => message.sealed))
        return conversation;
      const { openConversation } = await import('../private-chat.ts');
      return openConversation(userId, conversation);
    },
  });
}

/**
 * One conversation with its history, reloaded from the server; none asked for without an id, or while the id is
 * that of a conversation whose first turn is not stored yet (the server would answer 404).
 */
export function useConversation(kind: ConversationKind, id: string | null) {
  const userId = useSession().user?.id ?? '';
  return useQuery({ ...conversationQueryOptions(kind, id ?? '', userId), enabled: id !== null });
}

export function useDeleteConversation(kind: ConversationKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.ai.deleteConversation, { params: { kind, id } }),
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: aiKeys.conversation(kind, id) });
      return client.invalidateQueries({ queryKey: aiKeys.conversations(kind) });
    },
  });
}
