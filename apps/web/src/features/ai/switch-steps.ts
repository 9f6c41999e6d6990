import {
  api,
  type ChatMessage,
  type Conversation,
  type ConvertConversationInput,
  openConversationFieldV2,
  sealConversationFieldV2,
} from '@daybook/shared';
import { ApiRequestError, callApi } from '../../lib/api-client.ts';
import { getSession } from '../../lib/session/get-session.ts';
import { conversationKeyOf } from './private-chat.ts';

/*
 * The conversations' part of switching private mode (ADR 104, run by ADR 097's switch): on, every conversation still
 * holding a version-1 text (which the server opens for its owner) is sealed here under the conversation key and put
 * back whole; off, the sealed ones are opened here and handed back for the server to seal under the standard key.
 * The server answers only what is still to turn, so a run stopped halfway resumes by running again.
 */

type Outcome = { converted: number; unreadable: number };
type Progress = (progress: { done: number; total: number }) => void;

const pageOf = (from: 1 | 2, signal?: AbortSignal) => callApi(api.ai.toConvert, { query: { from }, signal });

async function context(signal?: AbortSignal) {
  const { user } = await getSession(signal);
  if (!user) throw new Error('Sign in again to finish switching private mode.');
  const key = await conversationKeyOf(user.id);
  if (!key) throw new Error('Unlock your journal to finish switching private mode.');
  return { userId: user.id, key };
}

async function turnAll(
  from: 1 | 2,
  turn: (conversation: Conversation) => Promise<ConvertConversationInput | null>,
  onProgress: Progress,
  signal?: AbortSignal,
): Promise<Outcome> {
  const outcome: Outcome = { converted: 0, unreadable: 0 };
  const skipped = new Set<string>();
  let total = (await pageOf(from, signal)).total;
  onProgress({ done: 0, total });
  for (;;) {
    signal?.throwIfAborted();
    const page = await pageOf(from, signal);
    const left = page.items.filter((item) => !skipped.has(item.id));
    if (left.length === 0) break;
    for (const conversation of left) {
      signal?.throwIfAborted();
      const body = await turn(conversation);
      if (!body) {
        skipped.add(conversation.id);
        outcome.unreadable += 1;
      } else {
        try {
          await callApi(api.ai.convertConversation, {
            params: { kind: conversation.kind, id: conversation.id },
            body,
            signal,
          });
        } catch (error) {
          // Deleted meanwhile: nothing left to turn.
          if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
          skipped.add(conversation.id);
        }
        outcome.converted += 1;
      }
      const done = outcome.converted + outcome.unreadable;
      total = Math.max(total, done);
      onProgress({ done, total });
    }
  }
  return outcome;
}

export const conversationsSealStep = {
  count: async (signal?: AbortSignal) => (await pageOf(1, signal)).total,
  async run(onProgress: Progress, signal?: AbortSignal): Promise<Outcome> {
    const { userId, key } = await context(signal);
    return turnAll(
      1,
      async (conversation) => {
        const place = { userId, conversationId: conversation.id };
        const seal = (field: 'title' | 'message', text: string) =>
          sealConversationFieldV2(key, place, field, text);
        return {
          encryptionVersion: 2,
          // A text already sealed here (a turn written in private mode) is kept as it is.
          title: conversation.sealedTitle ?? (await seal('title', conversation.title)),
          messages: await Promise.all(
            conversation.messages.map(async (message: ChatMessage) => ({
              id: message.id,
              ...(message.sealed ?? (await seal('message', message.content))),
            })),
          ),
        };
      },
      onProgress,
      signal,
    );
  },
};

export const conversationsUnsealStep = {
  count: async (signal?: AbortSignal) => (await pageOf(2, signal)).total,
  async run(onProgress: Progress, signal?: AbortSignal): Promise<Outcome> {
    const { userId, key } = await context(signal);
    return turnAll(
      2,
      async (conversation) => {
        const place = { userId, conversationId: conversation.id };
        try {
          return {
            encryptionVersion: 1,
            title: conversation.sealedTitle
              ? await openConversationFieldV2(key, place, 'title', conversation.sealedTitle)
              : conversation.title,
            messages: await Promise.all(
              conversation.messages.map(async (message: ChatMessage) => ({
                id: message.id,
                content: message.sealed
                  ? await openConversationFieldV2(key, place, 'message', message.sealed)
                  : message.content,
              })),
            ),
          };
        } catch {
          // Damaged, or sealed under another key: left as it is.
          return null;
        }
      },
      onProgress,
      signal,
    );
  },
};
