import type { ConversationKind } from '@daybook/shared';

export const aiKeys = {
  all: ['ai'] as const,
  status: () => [...aiKeys.all, 'status'] as const,
  consents: () => [...aiKeys.all, 'consents'] as const,
  conversations: (kind: ConversationKind) => [...aiKeys.all, 'conversations', kind] as const,
  conversation: (kind: ConversationKind, id: string) => [...aiKeys.conversations(kind), id] as const,
};
