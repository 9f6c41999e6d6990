import {
  AI_MESSAGES,
  decryptText,
  deriveConversationKeyV2,
  type EntryKey,
  importAccountKey,
  openConversationFieldV2,
  sealConversationFieldV2,
} from '@daybook/shared';
import { keyProof } from '@daybook/shared/private-keys';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiConsents, aiConversations, aiMessages } from '../src/db/schema/index.ts';
import { createEntryKeys } from '../src/infra/crypto/entry-keys.ts';
import { premiumUser } from './sharing-support.ts';
import { useTestApp } from './support/app.ts';
import { type OpenAiServer, startOpenAiServer } from './support/openai-server.ts';
import { setUpPrivateModeAsBrowser } from './support/private-mode-setup.ts';

/*
 * AI by consent (ADR 104): a private account's AI features send nothing before it consents, per feature and for
 * the provider's host; with consent its browser sends what the feature reads, the server forwards it and keeps
 * none of it, and the browser seals the turn, which the server (even with ENCRYPTION_SECRET) cannot open.
 */

const PASSPHRASE = 'herons fold their necks over the weir';
type Person = Awaited<ReturnType<typeof premiumUser>>;

function eventsOf(text: string): { event: string; data: Record<string, unknown> }[] {
  return text
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1] ?? 'message',
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}'),
    }));
}

describe('AI by consent in private mode', () => {
  let ai: OpenAiServer;
  const lines: string[] = [];
  beforeAll(async () => {
    ai = await startOpenAiServer();
  });
  afterAll(async () => {
    await ai?.close();
  });

  const ctx = useTestApp(
    () => ({
      AI_BASE_URL: ai.baseUrl,
      AI_API_KEY: 'sk-test-key',
      AI_MODEL: 'test-model',
      AI_TIMEOUT_MS: '2000',
      AI_MAX_RETRIES: '0',
      LOG_LEVEL: 'trace',
      RATE_LIMIT_PER_MINUTE: '100000',
    }),
    { logStream: { write: (chunk: string) => lines.push(chunk) } },
  );

  let baseUrl: string | null = null;
  async function serverUrl(): Promise<string> {
    if (!baseUrl) {
      await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      const address = ctx.app.server.address();
      baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    }
    return baseUrl;
  }

  const request = (
    person: Person,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie: person.cookie },
      ...(payload ? { payload: payload as object } : {}),
    });

  async function privatePerson() {
    const person = await premiumUser(ctx);
    const keys = await setUpPrivateModeAsBrowser(ctx, person, PASSPHRASE);
    const conversationKey = await deriveConversationKeyV2(await importAccountKey(keys.accountKey));
    return { ...person, conversationKey };
  }

  async function chat(person: Person, kind: 'coach' | 'future-self', body: unknown) {
    const response = await fetch(`${await serverUrl()}/api/ai/${kind}/messages`, {
      method: 'POST',
      headers: { cookie: person.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  }

  const consent = (person: Person, feature: string, providerHost: string | null = ai.host) =>
    request(person, 'PUT', `/api/ai/consents/${feature}`, { providerHost });

  it('a standard account is asked nothing: its consent is not required', async () => {
    const person = await premiumUser(ctx);
    const consents = (await request(person, 'GET', '/api/ai/consents')).json();
    expect(consents).toEqual({ isRequired: false, providerHost: ai.host, items: [] });
    ai.reset();
    const enhanced = await request(person, 'POST', '/api/ai/enhance', {
      text: 'A standard draft about the sea',
    });
    expect(enhanced.statusCode).toBe(200);
    expect(ai.received).toHaveLength(1);
  });

  it('without consent every feature refuses with AI_CONSENT_REQUIRED, sends nothing and spends nothing', async () => {
    const person = await privatePerson();
    const before = (await request(person, 'GET', '/api/ai/status')).json().remaining;
    ai.reset();
    const phrase = 'the-unconsented-heron-7310';
    const refusals = [
      ['assist', await request(person, 'POST', '/api/ai/enhance', { text: `${phrase} draft` })],
      [
        'insights',
        await request(person, 'POST', '/api/ai/insights', {
          days: 7,
          entries: [
            {
              id: crypto.randomUUID(),
              date: new Date().toISOString().slice(0, 10),
              mood: 'Grateful',
              text: phrase,
              createdAt: new Date().toISOString(),
            },
          ],
        }),
      ],
    ] as const;
    for (const [feature, response] of refusals) {
      expect(response.statusCode, feature).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'AI_CONSENT_REQUIRED',
        message: AI_MESSAGES.consentRequired,
        details: { feature, providerHost: ai.host },
      });
    }
    for (const kind of ['coach', 'future-self'] as const) {
      const refused = await chat(person, kind, {
        message: phrase,
        context: { entries: [], letters: [], history: [] },
      });
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.text)).toMatchObject({
        code: 'AI_CONSENT_REQUIRED',
        details: { feature: kind },
      });
    }
    // The fake provider received no request at all: not the chat, not the moderation, not the draft.
    expect(ai.received).toHaveLength(0);
    expect((await request(person, 'GET', '/api/ai/status')).json().remaining).toEqual(before);
    expect(lines.join('\n')).not.toContain(phrase);
  });

  it('consent names the current host, is listed, and once withdrawn the feature asks again', async () => {
    const person = await privatePerson();
    const wrongHost = await consent(person, 'assist', 'api.elsewhere.example');
    expect(wrongHost.statusCode).toBe(400);
    expect(wrongHost.json().message).toBe(AI_MESSAGES.consentHostChanged);
    const given = await consent(person, 'assist');
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ feature: 'assist', providerHost: ai.host });
    expect((await request(person, 'GET', '/api/ai/consents')).json()).toMatchObject({
      isRequired: true,
      providerHost: ai.host,
      items: [{ feature: 'assist', providerHost: ai.host }],
    });

    ai.reset();
    ai.script({ kind: 'reply', text: 'An expanded draft about the weir.' });
    const enhanced = await request(person, 'POST', '/api/ai/enhance', {
      text: 'A draft about the weir at noon',
    });
    expect(enhanced.statusCode).toBe(200);
    expect(ai.received).toHaveLength(1);

    expect((await request(person, 'DELETE', '/api/ai/consents/assist')).statusCode).toBe(204);
    expect((await request(person, 'DELETE', '/api/ai/consents/assist')).statusCode).toBe(204);
    ai.reset();
    const again = await request(person, 'POST', '/api/ai/enhance', {
      text: 'A draft about the weir at dusk',
    });
    expect(again.statusCode).toBe(403);
    expect(ai.received).toHaveLength(0);
    // Another account's consent is its own: withdrawing here touched no one else's row.
    const other = await privatePerson();
    await consent(other, 'coach');
    await request(person, 'DELETE', '/api/ai/consents/coach');
    expect(
      await ctx.database.db.select().from(aiConsents).where(eq(aiConsents.userId, other.user.id)),
    ).toHaveLength(1);
  });

  it('insights read the entries the browser sent, for the period, and keep none of them', async () => {
    const person = await privatePerson();
    await consent(person, 'insights');
    const today = new Date().toISOString().slice(0, 10);
    const phrase = 'the-copper-weathervane-points-north-5521';
    ai.reset();
    ai.script({ kind: 'reply', text: 'You watched the weather closely this week.' });
    const response = await request(person, 'POST', '/api/ai/insights', {
      days: 7,
      entries: [
        {
          id: crypto.randomUUID(),
          date: today,
          mood: 'Grateful',
          text: `${phrase} #weather`,
          createdAt: new Date().toISOString(),
        },
        {
          id: crypto.randomUUID(),
          date: '2001-01-01',
          mood: 'Sad',
          text: 'long-ago-outside-the-period',
          createdAt: '2001-01-01T10:00:00.000Z',
        },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      entryCount: 1,
      moodDistribution: { total: 1, positive: 100 },
      reflection: 'You watched the weather closely this week.',
    });
    const prompt = (ai.received[0]!.body.messages ?? []).map((m) => m.content).join('\n');
    expect(prompt).toContain(phrase);
    expect(prompt).not.toContain('long-ago-outside-the-period');
    expect(lines.join('\n')).not.toContain(phrase);
  });

  it('a chat turn reads what the browser sent; the browser seals and stores it; the server cannot open it', async () => {
    const person = await privatePerson();
    await consent(person, 'coach');
    const seeded = {
      entry: 'the-lantern-maker-of-ostrava-6402',
      question: 'should-i-call-the-lantern-maker-1187',
      reply: 'call-the-lantern-maker-on-sunday-3390',
      history: 'we-spoke-of-lanterns-before-2214',
    };
    ai.reset();
    ai.script({ kind: 'stream', pieces: [seeded.reply.slice(0, 10), seeded.reply.slice(10)] });
    const answered = await chat(person, 'coach', {
      message: seeded.question,
      context: {
        entries: [{ date: '2026-11-28', mood: 'Peaceful', text: seeded.entry }],
        history: [{ role: 'user', content: seeded.history }],
      },
    });
    expect(answered.status).toBe(200);
    const events = eventsOf(answered.text);
    expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'delta', 'done']);
    const conversationId = events[0]!.data.conversationId as string;
    const prompt = ai
      .chats()[0]!
      .body.messages!.map((m) => m.content)
      .join('\n');
    expect(prompt).toContain(seeded.entry);
    expect(prompt).toContain(seeded.history);
    expect(prompt).toContain(seeded.question);
    // After the answer the server keeps nothing of the turn: no conversation, no message.
    expect(
      await ctx.database.db.select().from(aiMessages).where(eq(aiMessages.userId, person.user.id)),
    ).toHaveLength(0);

    const place = { userId: person.user.id, conversationId };
    const seal = (field: 'title' | 'message', text: string) =>
      sealConversationFieldV2(person.conversationKey, place, field, text);
    const stored = await request(person, 'POST', `/api/ai/coach/conversations/${conversationId}/turns`, {
      title: await seal('title', seeded.question.slice(0, 60)),
      message: await seal('message', seeded.question),
      reply: { ...(await seal('message', seeded.reply)), status: 'complete' },
    });
    expect(stored.statusCode, stored.body).toBe(204);

    const list = (await request(person, 'GET', '/api/ai/coach/conversations')).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0].title).toBe('');
    expect(
      await openConversationFieldV2(person.conversationKey, place, 'title', list.items[0].sealedTitle),
    ).toBe(seeded.question);
    const conversation = (
      await request(person, 'GET', `/api/ai/coach/conversations/${conversationId}`)
    ).json();
    const opened = await Promise.all(
      conversation.messages.map((m: { content: string; sealed: { ciphertext: string; iv: string } }) =>
        m.content === ''
          ? openConversationFieldV2(person.conversationKey, place, 'message', m.sealed)
          : m.content,
      ),
    );
    expect(opened).toEqual([seeded.question, seeded.reply]);

    // The operator, with ENCRYPTION_SECRET: the stored texts open with no key the server has, and name nothing.
    const serverKey: EntryKey = await createEntryKeys(ctx.config.encryptionSecret).keyFor(person.user.id);
    const rows = await ctx.database.db.select().from(aiMessages).where(eq(aiMessages.userId, person.user.id));
    const [conversationRow] = await ctx.database.db
      .select()
      .from(aiConversations)
      .where(eq(aiConversations.id, conversationId));
    expect(rows.map((row) => row.encryptionVersion)).toEqual([2, 2]);
    expect(conversationRow!.encryptionVersion).toBe(2);
    for (const sealed of [
      ...rows.map((row) => ({ ciphertext: row.ciphertext, iv: row.iv })),
      { ciphertext: conversationRow!.encryptedTitle, iv: conversationRow!.titleIv },
    ]) {
      await expect(decryptText(serverKey, sealed)).rejects.toThrow();
    }
    const everything = JSON.stringify([rows, conversationRow]) + lines.join('\n');
    for (const phrase of Object.values(seeded)) expect(everything).not.toContain(phrase);

    // The next turn continues it, with the history the browser opened.
    ai.reset();
    ai.script({ kind: 'stream', pieces: ['Go on.'] });
    const next = await chat(person, 'coach', {
      conversationId,
      message: 'And then?',
      context: { entries: [], history: [{ role: 'user', content: seeded.question }] },
    });
    expect(eventsOf(next.text).at(-1)!.event).toBe('done');
  });

  it("another account's conversation ids are refused everywhere, and nothing of theirs changes", async () => {
    const owner = await privatePerson();
    const other = await privatePerson();
    await consent(owner, 'coach');
    await consent(other, 'coach');
    ai.reset();
    ai.script({ kind: 'stream', pieces: ['Hello.'] });
    const started = eventsOf(
      (await chat(owner, 'coach', { message: 'Hi', context: { entries: [], history: [] } })).text,
    );
    const conversationId = started[0]!.data.conversationId as string;
    const ownerPlace = { userId: owner.user.id, conversationId };
    const turn = async (key: EntryKey, place: typeof ownerPlace) => ({
      title: await sealConversationFieldV2(key, place, 'title', 'Hi'),
      message: await sealConversationFieldV2(key, place, 'message', 'Hi'),
      reply: { ...(await sealConversationFieldV2(key, place, 'message', 'Hello.')), status: 'complete' },
    });
    const url = `/api/ai/coach/conversations/${conversationId}`;
    expect(
      (await request(owner, 'POST', `${url}/turns`, await turn(owner.conversationKey, ownerPlace)))
        .statusCode,
    ).toBe(204);

    const otherPlace = { userId: other.user.id, conversationId };
    expect(
      (await request(other, 'POST', `${url}/turns`, await turn(other.conversationKey, otherPlace)))
        .statusCode,
    ).toBe(404);
    expect((await request(other, 'GET', url)).statusCode).toBe(404);
    expect((await request(other, 'DELETE', url)).statusCode).toBe(404);
    expect(
      (
        await request(
          owner,
          'POST',
          `/api/ai/future-self/conversations/${conversationId}/turns`,
          await turn(owner.conversationKey, ownerPlace),
        )
      ).statusCode,
    ).toBe(404);
    ai.reset();
    const foreign = await chat(other, 'coach', {
      conversationId,
      message: 'Hi',
      context: { entries: [], history: [] },
    });
    expect(foreign.status).toBe(404);
    expect(ai.chats()).toHaveLength(0);
    const messages = await ctx.database.db
      .select()
      .from(aiMessages)
      .where(eq(aiMessages.conversationId, conversationId));
    expect(messages.map((m) => m.userId)).toEqual([owner.user.id, owner.user.id]);

    // A standard account stores no sealed turn: its server seals its turns itself.
    const standard = await premiumUser(ctx);
    const refused = await request(
      standard,
      'POST',
      `/api/ai/coach/conversations/${crypto.randomUUID()}/turns`,
      await turn(owner.conversationKey, ownerPlace),
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('PRIVATE_MODE_NOT_SET_UP');
  });

  it('switching on turns a standard conversation whole into version 2, and switching off turns it back', async () => {
    const person = await premiumUser(ctx);
    const phrase = 'the-ferryman-of-the-old-canal-5157';
    ai.reset();
    ai.script({ kind: 'stream', pieces: [`About ${phrase}.`] });
    const started = eventsOf((await chat(person, 'coach', { message: `Tell me of ${phrase}` })).text);
    const conversationId = started[0]!.data.conversationId as string;
    // Standard: nothing to turn, and the endpoint refuses.
    expect((await request(person, 'GET', '/api/ai/conversations/to-convert?from=1')).statusCode).toBe(404);

    const keys = await setUpPrivateModeAsBrowser(ctx, person, PASSPHRASE);
    const account = await importAccountKey(keys.accountKey);
    const conversationKey = await deriveConversationKeyV2(account);
    const toConvert = (await request(person, 'GET', '/api/ai/conversations/to-convert?from=1')).json();
    expect(toConvert.total).toBe(1);
    const [conversation] = toConvert.items;
    expect(conversation.messages.map((m: { content: string }) => m.content)).toEqual([
      `Tell me of ${phrase}`,
      `About ${phrase}.`,
    ]);
    const place = { userId: person.user.id, conversationId };
    const sealed = {
      encryptionVersion: 2,
      title: await sealConversationFieldV2(conversationKey, place, 'title', conversation.title),
      messages: await Promise.all(
        conversation.messages.map(async (m: { id: string; content: string }) => ({
          id: m.id,
          ...(await sealConversationFieldV2(conversationKey, place, 'message', m.content)),
        })),
      ),
    };
    // Another account's id, or the other kind: nothing changes.
    const other = await privatePerson();
    expect(
      (await request(other, 'PUT', `/api/ai/coach/conversations/${conversationId}/version`, sealed))
        .statusCode,
    ).toBe(404);
    expect(
      (await request(person, 'PUT', `/api/ai/future-self/conversations/${conversationId}/version`, sealed))
        .statusCode,
    ).toBe(404);
    expect(
      (await request(person, 'PUT', `/api/ai/coach/conversations/${conversationId}/version`, sealed))
        .statusCode,
    ).toBe(204);
    expect((await request(person, 'GET', '/api/ai/conversations/to-convert?from=1')).json().total).toBe(0);
    const rows = await ctx.database.db
      .select()
      .from(aiMessages)
      .where(eq(aiMessages.conversationId, conversationId));
    expect(rows.map((row) => row.encryptionVersion)).toEqual([2, 2]);
    const serverKey = await createEntryKeys(ctx.config.encryptionSecret).keyFor(person.user.id);
    for (const row of rows) await expect(decryptText(serverKey, row)).rejects.toThrow();
    expect(JSON.stringify(rows)).not.toContain(phrase);
    // Switching off is refused while in private mode.
    expect((await request(person, 'GET', '/api/ai/conversations/to-convert?from=2')).statusCode).toBe(409);

    const off = await request(person, 'POST', '/api/me/private-mode/switch-off', {
      keyProof: await keyProof(account),
    });
    expect(off.statusCode, off.body).toBe(200);
    const back = (await request(person, 'GET', '/api/ai/conversations/to-convert?from=2')).json();
    expect(back.total).toBe(1);
    const opened = await Promise.all(
      back.items[0].messages.map((m: { id: string; sealed: { ciphertext: string; iv: string } }) =>
        openConversationFieldV2(conversationKey, place, 'message', m.sealed).then((content) => ({
          id: m.id,
          content,
        })),
      ),
    );
    const plain = {
      encryptionVersion: 1,
      title: await openConversationFieldV2(conversationKey, place, 'title', back.items[0].sealedTitle),
      messages: opened,
    };
    expect(
      (await request(person, 'PUT', `/api/ai/coach/conversations/${conversationId}/version`, plain))
        .statusCode,
    ).toBe(204);
    const reread = (await request(person, 'GET', `/api/ai/coach/conversations/${conversationId}`)).json();
    expect(reread.messages.map((m: { content: string }) => m.content)).toEqual([
      `Tell me of ${phrase}`,
      `About ${phrase}.`,
    ]);
    expect(reread.title).toBe(`Tell me of ${phrase}`);
  });
});
