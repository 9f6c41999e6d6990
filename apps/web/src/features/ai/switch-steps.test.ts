import {
  deriveConversationKeyV2,
  importAccountKey,
  openConversationFieldV2,
  randomKeyBytes,
  sealConversationFieldV2,
} from '@daybook/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetAccountKeys, keepAccountKey } from '../../lib/private-keys/session-key.ts';
import { callsTo, json, sessionUser, stubApi } from '../../test/api.ts';
import { jsonResponse } from '../../test/render.tsx';
import { conversationsSealStep, conversationsUnsealStep } from './switch-steps.ts';

afterEach(() => forgetAccountKeys());

const ID = '0b6f7d1e-2c3a-4b5d-8e9f-a0b1c2d3e4f5';
const MESSAGES = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
const base = {
  id: ID,
  kind: 'coach',
  messageCount: 2,
  createdAt: '2026-11-29T10:00:00Z',
  updatedAt: '2026-11-29T10:00:00Z',
};
const message = (id: string, role: 'user' | 'assistant') => ({
  id,
  role,
  status: 'complete',
  createdAt: '2026-11-29T10:00:00Z',
});

describe('the conversations’ steps of the private-mode switch (ADR 104)', () => {
  it('on: seals each version-1 conversation under the conversation key and puts it back whole', async () => {
    const raw = randomKeyBytes();
    keepAccountKey(sessionUser.id, raw);
    let isTurned = false;
    const api = stubApi({
      'GET /api/auth/session': json({ user: sessionUser }),
      'GET /api/ai/conversations/to-convert': () =>
        jsonResponse(
          isTurned
            ? { total: 0, items: [] }
            : {
                total: 1,
                items: [
                  {
                    ...base,
                    title: 'The lake',
                    messages: [
                      { ...message(MESSAGES[0]!, 'user'), content: 'The lake again' },
                      { ...message(MESSAGES[1]!, 'assistant'), content: 'What draws you there?' },
                    ],
                  },
                ],
              },
        ),
      [`PUT /api/ai/coach/conversations/${ID}/version`]: () => {
        isTurned = true;
        return new Response(null, { status: 204 });
      },
    });
    const progress: Array<{ done: number; total: number }> = [];
    expect(await conversationsSealStep.count()).toBe(1);
    expect(await conversationsSealStep.run((p) => progress.push(p))).toEqual({ converted: 1, unreadable: 0 });
    expect(progress.at(-1)).toEqual({ done: 1, total: 1 });
    const [body] = callsTo(api, `PUT /api/ai/coach/conversations/${ID}/version`) as [
      {
        encryptionVersion: number;
        title: { ciphertext: string; iv: string };
        messages: Array<{ id: string; ciphertext: string; iv: string }>;
      },
    ];
    expect(body.encryptionVersion).toBe(2);
    expect(JSON.stringify(body)).not.toContain('lake');
    const key = await deriveConversationKeyV2(await importAccountKey(raw));
    const place = { userId: sessionUser.id, conversationId: ID };
    expect(await openConversationFieldV2(key, place, 'title', body.title)).toBe('The lake');
    expect(
      await Promise.all(body.messages.map((m) => openConversationFieldV2(key, place, 'message', m))),
    ).toEqual(['The lake again', 'What draws you there?']);
    expect(body.messages.map((m) => m.id)).toEqual(MESSAGES);
  });

  it('off: opens the sealed texts here and hands them back plain; one that does not open is left as it is', async () => {
    const raw = randomKeyBytes();
    keepAccountKey(sessionUser.id, raw);
    const key = await deriveConversationKeyV2(await importAccountKey(raw));
    const place = { userId: sessionUser.id, conversationId: ID };
    const other = await deriveConversationKeyV2(await importAccountKey(randomKeyBytes()));
    const DAMAGED = '9c8b7a6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
    let isTurned = false;
    const api = stubApi({
      'GET /api/auth/session': json({ user: sessionUser }),
      'GET /api/ai/conversations/to-convert': async () =>
        jsonResponse({
          total: isTurned ? 1 : 2,
          items: [
            ...(isTurned
              ? []
              : [
                  {
                    ...base,
                    title: '',
                    sealedTitle: await sealConversationFieldV2(key, place, 'title', 'The lake'),
                    messages: [
                      {
                        ...message(MESSAGES[0]!, 'user'),
                        content: '',
                        sealed: await sealConversationFieldV2(key, place, 'message', 'The lake again'),
                      },
                      { ...message(MESSAGES[1]!, 'assistant'), content: 'Opened by the server' },
                    ],
                  },
                ]),
            {
              ...base,
              id: DAMAGED,
              title: '',
              sealedTitle: await sealConversationFieldV2(
                other,
                { ...place, conversationId: DAMAGED },
                'title',
                'x',
              ),
              messages: [],
            },
          ],
        }),
      [`PUT /api/ai/coach/conversations/${ID}/version`]: () => {
        isTurned = true;
        return new Response(null, { status: 204 });
      },
    });
    expect(await conversationsUnsealStep.run(() => {})).toEqual({ converted: 1, unreadable: 1 });
    expect(callsTo(api, `PUT /api/ai/coach/conversations/${ID}/version`)).toEqual([
      {
        encryptionVersion: 1,
        title: 'The lake',
        messages: [
          { id: MESSAGES[0], content: 'The lake again' },
          { id: MESSAGES[1], content: 'Opened by the server' },
        ],
      },
    ]);
    expect(callsTo(api, `PUT /api/ai/coach/conversations/${DAMAGED}/version`)).toEqual([]);
  });
});
