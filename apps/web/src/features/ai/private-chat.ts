import {
  AI_READS,
  api,
  type ChatMessage,
  type Conversation,
  type ConversationKind,
  type ConversationSummary,
  decryptText,
  deriveConversationKeyV2,
  deriveFutureMessageKeyV2,
  type EntryKey,
  importAccountKey,
  localDate,
  openConversationFieldV2,
  openFutureMessageFieldV2,
  PRIVATE_MODE,
  type PrivateChatContext,
  type PrivateInsightsEntry,
  sealConversationFieldV2,
} from '@daybook/shared';
import { callApi } from '../../lib/api-client.ts';
import { loadEntryKey } from '../../lib/encryption/entry-key.ts';
import { openEntriesCached } from '../../lib/encryption/opened-text-cache.ts';
import { keyDerivedFromAccountKey } from '../../lib/encryption/private-entry-key.ts';
import { keptAccountKey } from '../../lib/private-keys/session-key.ts';
import { getSearchCandidates } from '../../lib/search-candidates.ts';

/*
 * A private account's chat in its browser (ADR 104): what the turn reads, decrypted here and sent with the message
 * within the server's own bounds (AI_READS); the turn sealed here under the conversation key once the reply arrived,
 * and stored; and stored conversations opened here. Loaded with the chat's first private turn, not with any page.
 */

/** The conversation key of this browser session, or null while private mode is not unlocked here. */
export const conversationKeyOf: (userId: string) => Promise<EntryKey | null> =
  keyDerivedFromAccountKey(deriveConversationKeyV2);

/** Recent entries (the last 30 days, at most 30), the next letters for future-you, the conversation's last turns. */
export async function chatContext(
  userId: string,
  kind: ConversationKind,
  history: readonly ChatMessage[],
  signal?: AbortSignal,
): Promise<PrivateChatContext> {
  const entryKey = await loadEntryKey(userId, signal);
  const from = new Date(Date.now() - AI_READS.chatDays * 86_400_000).toISOString();
  const { entries } = await getSearchCandidates({ from }, signal);
  const opened = await openEntriesCached(entryKey, userId, entries.slice(0, AI_READS.chatEntries), {
    signal,
  });
  const readable = opened.filter((entry) => !entry.isDecryptionFailed && !entry.isLocked);
  const letters =
    kind === 'future-self'
      ? await nextLetters(entryKey, userId, signal)
      : ([] as PrivateChatContext['letters']);
  return {
    entries: readable.map((entry) => ({
      date: entry.entryDate,
      mood: entry.moodTag ?? null,
      text: entry.text,
    })),
    letters,
    history: history
      .slice(-AI_READS.historyMessages)
      .map((message) => ({ role: message.role, content: message.content })),
  };
}

/**
 * The next pending letters, opened here: a version-1 letter with the version-1 key, a private one with the letter key
 * (ADR 098); one that does not open is left out.
 */
async function nextLetters(entryKey: EntryKey, userId: string, signal?: AbortSignal) {
  const query = { page: 0, pageSize: AI_READS.futureMessages, status: 'pending' } as const;
  const page = await callApi(api.futureMessages.list, { query, signal });
  const raw = keptAccountKey(userId);
  const letterKey = raw ? await deriveFutureMessageKeyV2(await importAccountKey(raw)) : null;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const opened = await Promise.all(
    [...page.items]
      .sort((a, b) => a.sendAt.localeCompare(b.sendAt))
      .slice(0, AI_READS.futureMessages)
      .map(async (letter) => {
        const subject = { ciphertext: letter.encryptedTitle, iv: letter.titleEncryptionIv };
        const message = { ciphertext: letter.encryptedContent, iv: letter.encryptionIv };
        try {
          const isPrivate = letter.encryptionVersion === PRIVATE_MODE.encryptionVersion;
          if (isPrivate && !letterKey) return null;
          const open = (part: 'subject' | 'message', sealed: { ciphertext: string; iv: string }) =>
            isPrivate && letterKey
              ? openFutureMessageFieldV2(letterKey, userId, part, sealed)
              : sealed.ciphertext
                ? decryptText(entryKey, sealed)
                : Promise.resolve('');
          return {
            sendDate: localDate(new Date(letter.sendAt), zone),
            subject: await open('subject', subject),
            message: await open('message', message),
          };
        } catch {
          return null;
        }
      }),
  );
  return opened.filter((letter) => letter !== null);
}

/** Seals the turn under the conversation key, bound to this conversation and account, and stores it. */
export async function storeSealedTurn(options: {
  userId: string;
  kind: ConversationKind;
  conversationId: string;
  isNew: boolean;
  message: string;
  reply: string;
  status: 'complete' | 'stopped';
}): Promise<void> {
  const key = await conversationKeyOf(options.userId);
  if (!key) throw new Error('Unlock your journal to keep this conversation');
  const place = { userId: options.userId, conversationId: options.conversationId };
  const seal = (field: 'title' | 'message', text: string) => sealConversationFieldV2(key, place, field, text);
  await callApi(api.ai.storeSealedTurn, {
    params: { kind: options.kind, id: options.conversationId },
    body: {
      ...(options.isNew ? { title: await seal('title', options.message.slice(0, 60)) } : {}),
      message: await seal('message', options.message),
      reply: options.reply.trim()
        ? { ...(await seal('message', options.reply)), status: options.status }
        : null,
    },
  });
}

/** Opens what a private account's browser sealed: a title or message that does not open reads as empty. */
async function openField(
  userId: string,
  conversationId: string,
  field: 'title' | 'message',
  sealed: { ciphertext: string; iv: string },
): Promise<string> {
  const key = await conversationKeyOf(userId);
  if (!key) return '';
  try {
    return await openConversationFieldV2(key, { userId, conversationId }, field, sealed);
  } catch {
    return '';
  }
}

export async function openConversation(userId: string, conversation: Conversation): Promise<Conversation> {
  return {
    ...conversation,
    ...(conversation.sealedTitle
      ? { title: await openField(userId, conversation.id, 'title', conversation.sealedTitle) }
      : {}),
    messages: await Promise.all(
      conversation.messages.map(async (message) =>
        message.sealed
          ? { ...message, content: await openField(userId, conversation.id, 'message', message.sealed) }
          : message,
      ),
    ),
  };
}

export async function openSummaries(
  userId: string,
  items: ConversationSummary[],
): Promise<ConversationSummary[]> {
  return Promise.all(
    items.map(async (item) =>
      item.sealedTitle
        ? { ...item, title: await openField(userId, item.id, 'title', item.sealedTitle) }
        : item,
    ),
  );
}

/** Insights' entries of the last `days` days (at most 500, newest first), decrypted here (ADR 104). */
export async function insightsEntries(userId: string, days: number): Promise<PrivateInsightsEntry[]> {
  const entryKey = await loadEntryKey(userId);
  // A day more than the period: the server keeps only the period's local dates.
  const from = new Date(Date.now() - (days + 1) * 86_400_000).toISOString();
  const { entries } = await getSearchCandidates({ from });
  const opened = await openEntriesCached(entryKey, userId, entries.slice(0, AI_READS.insightsEntries));
  return opened
    .filter((entry) => !entry.isDecryptionFailed && !entry.isLocked)
    .map((entry) => ({
      id: entry.id,
      date: entry.entryDate,
      mood: entry.moodTag ?? null,
      text: entry.text,
      createdAt: entry.createdAt,
    }));
}
