import {
  type AccountKey,
  deriveConversationKeyV2,
  localDate,
  sealConversationFieldV2,
} from '@daybook/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { OpenAiServer } from './openai-server.ts';

/** The phrases a private account's AI use carries, each once, for a test to look for where they must not be. */
export type PrivateAiPhrases = {
  entry: string;
  letterSubject: string;
  letterBody: string;
  draft: string;
  enhanced: string;
  reflection: string;
  coachQuestion: string;
  coachReply: string;
  futureQuestion: string;
  futureReply: string;
};

function eventsOf(text: string): { event: string; data: Record<string, unknown> }[] {
  return text
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1] ?? 'message',
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}'),
    }));
}

/**
 * A private account uses every AI feature as its browser does (ADR 104): consent to each for the provider's host,
 * AI Assist on a draft, insights and both chats over what "the browser" decrypted, and each chat turn sealed under
 * the conversation key and stored once the reply arrived. Asserts the provider received the words; returns when the
 * answers are in, for the caller to look at what the server kept.
 */
export async function useAiPrivately(options: {
  call: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** A chat's POST, over a real connection: the reply streams as the browser reads it. */
  chat: (kind: 'coach' | 'future-self', body: unknown) => Promise<{ status: number; body: string }>;
  ai: OpenAiServer;
  userId: string;
  accountKey: AccountKey;
  phrases: PrivateAiPhrases;
  now: Date;
}) {
  const { call, ai, userId, phrases } = options;
  const conversationKey = await deriveConversationKeyV2(options.accountKey);
  for (const feature of ['assist', 'insights', 'coach', 'future-self']) {
    const given = await call({
      method: 'PUT',
      url: `/api/ai/consents/${feature}`,
      payload: { providerHost: ai.host },
    });
    expect(given.statusCode, given.body).toBe(200);
  }
  const today = localDate(options.now, 'UTC');
  const entries = [{ date: today, mood: 'Grateful', text: phrases.entry }];

  ai.reset();
  ai.script({ kind: 'reply', text: phrases.enhanced });
  const enhanced = await call({ method: 'POST', url: '/api/ai/enhance', payload: { text: phrases.draft } });
  expect(enhanced.json()).toEqual({ enhancedText: phrases.enhanced });

  ai.script({ kind: 'reply', text: phrases.reflection });
  const insights = await call({
    method: 'POST',
    url: '/api/ai/insights',
    payload: {
      days: 7,
      entries: entries.map((entry) => ({
        ...entry,
        id: crypto.randomUUID(),
        createdAt: options.now.toISOString(),
      })),
    },
  });
  expect(insights.statusCode, insights.body).toBe(200);
  expect(insights.json().reflection).toBe(phrases.reflection);

  const chats = [
    { kind: 'coach', question: phrases.coachQuestion, reply: phrases.coachReply, letters: [] },
    {
      kind: 'future-self',
      question: phrases.futureQuestion,
      reply: phrases.futureReply,
      letters: [{ sendDate: today, subject: phrases.letterSubject, message: phrases.letterBody }],
    },
  ] as const;
  for (const chat of chats) {
    ai.script({ kind: 'stream', pieces: [chat.reply.slice(0, 8), chat.reply.slice(8)] });
    const answer = await options.chat(chat.kind, {
      message: chat.question,
      context: { entries, letters: chat.letters, history: [] },
    });
    expect(answer.status, answer.body).toBe(200);
    const events = eventsOf(answer.body);
    expect(events.at(-1)?.event).toBe('done');
    const conversationId = events[0]!.data.conversationId as string;
    const place = { userId, conversationId };
    const seal = (field: 'title' | 'message', text: string) =>
      sealConversationFieldV2(conversationKey, place, field, text);
    const stored = await call({
      method: 'POST',
      url: `/api/ai/${chat.kind}/conversations/${conversationId}/turns`,
      payload: {
        title: await seal('title', chat.question),
        message: await seal('message', chat.question),
        reply: { ...(await seal('message', chat.reply)), status: 'complete' },
      },
    });
    expect(stored.statusCode, stored.body).toBe(204);
  }
  // The provider received every word the features read: consent sent them there, and only there.
  const sent = ai.received.map((request) => JSON.stringify(request.body)).join('\n');
  for (const phrase of [phrases.entry, phrases.draft, phrases.letterBody, phrases.coachQuestion])
    expect(sent).toContain(phrase);
}

/** The app of `ctx` on a real local port (once), for requests whose answer streams. */
export async function listeningUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
