import { Conversation, type ConversationKind, ConversationList } from '@daybook/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { aiKeys } from './query-keys.ts';

const conversationsPath = (kind: ConversationKind) => `/api/ai/${kind}/conversations`;
const conversationPath = (kind: ConversationKind, id: string) =>
  `${conversationsPath(kind)}/${encodeURIComponent(id)}`;

/** The conversations of one kind, newest first (titles decrypted on the server for their owner). */
export function conversationsQueryOptions(kind: ConversationKind) {
  return queryOptions({
    queryKey: aiKeys.conversations(kind),
    queryFn: ({ signal }) => apiRequest(conversationsPath(kind), { schema: ConversationList, signal }),
    select: (list) => list.items,
  });
}

export function useConversations(kind: ConversationKind) {
  return useQuery(conversationsQueryOptions(kind));
}

export function conversationQueryOptions(kind: ConversationKind, id: string) {
  return queryOptions({
    queryKey: aiKeys.conversation(kind, id),
    queryFn: ({ signal }) => apiRequest(conversationPath(kind, id), { schema: Conversation, signal }),
  });
}

/**
 * One conversation with its history, reloaded from the server; none asked for without an id, or while the id is
 * that of a conversation whose first turn is not stored yet (the server would answer 404).
 */
export function useConversation(kind: ConversationKind, id: string | null) {
  return useQuery({ ...conversationQueryOptions(kind, id ?? ''), enabled: id !== null });
}

export function useDeleteConversation(kind: ConversationKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(conversationPath(kind, id), { method: 'DELETE', schema: z.undefined() }),
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: aiKeys.conversation(kind, id) });
      return client.invalidateQueries({ queryKey: aiKeys.conversations(kind) });
    },
  });
}
