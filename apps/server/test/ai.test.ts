import { AI_MESSAGES, decryptText, deriveEntryKey, MODERATION_MESSAGES } from '@daybook/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiConversations, aiMessages } from '../src/db/schema/index.ts';
import { premiumUser, writeEntry } from './sharing-support.ts';
import { type TestContext, useTestApp } from './support/app.ts';
import { browserEncrypt, createEntry, createSignedInUser } from './support/factories.ts';
import { type OpenAiServer, startOpenAiServer } from './support/openai-server.ts';

type Signed = Awaited<ReturnType<typeof createSignedInUser>>;

/** Parses a text/event-stream body (complete or partial) into its events. */
function parseEvents(text: string): { event: string; data: Record<string, unknown> }[] {
  return text
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}');
      return { event, data };
    });
}

/** Reads a streamed answer until `until` holds for the events so far; returns them and the reader. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  buffer: { text: string },
  until: (events: ReturnType<typeof parseEvents>) => boolean,
) {
  const decoder = new TextDecoder();
  while (!until(parseEvents(buffer.text))) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer.text += decoder.decode(value, { stream: true });
  }
  return parseEvents(buffer.text);
}

async function keyOf(ctx: TestContext, cookie: string, userId: string) {
  const salt = (
    await ctx.app.inject({ method: 'GET', url: '/api/encryption/salt', headers: { cookie } })
  ).json().salt;
  return deriveEntryKey(userId, salt);
}

function promptText(request: { body: { messages?: { content: string }[] } }): string {
  return (request.body.messages ?? []).map((m) => m.content).join('\n');
}

describe('AI with an OpenAI-compatible provider', () => {
  let ai: OpenAiServer;
  const lines: string[] = [];
  /** Every private text the tests send or receive: none may reach a log line. */
  const secrets: string[] = [];
  const secret = (text: string) => {
    secrets.push(text);
    return text;
  };

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
      AI_MODERATION_MODEL: 'omni-moderation-latest',
      AI_TIMEOUT_MS: '1000',
      AI_MAX_RETRIES: '2',
      LOG_LEVEL: 'info',
    }),
    { logStream: { write: (chunk: string) => lines.push(chunk) } },
  );

  /** The app on a real port (streams are read as a browser reads them), listening from the first chat test on. */
  let baseUrl: string | null = null;
  async function serverUrl(): Promise<string> {
    if (!baseUrl) {
      await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      const address = ctx.app.server.address();
      baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    }
    return baseUrl;
  }

  const post = (cookie: string, url: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });

  it('reports the provider, its host and model, and the plan limits left today', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const status = (
      await ctx.app.inject({ method: 'GET', url: '/api/ai/status', headers: { cookie } })
    ).json();
    expect(status).toMatchObject({
      providerConfigured: true,
      providerHost: ai.host,
      model: 'test-model',
      moderation: 'provider',
      remaining: { insights: 2, coaching: 1, futureChat: 1 },
      limits: { insights: 2, coaching: 1, futureChat: 1 },
    });
  });

  it('AI Assist sends the draft with its prompt and answers the expanded text, stored nowhere', async () => {
    const { cookie } = await createSignedInUser(ctx);
    ai.reset();
    const draft = secret('Walked by the canal-ZEBRA at dawn and felt calm');
    ai.script({
      kind: 'reply',
      text: secret('I walked by the canal-ZEBRA at dawn, and a calm settled over me.'),
    });
    const response = await post(cookie, '/api/ai/enhance', { text: draft });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      enhancedText: 'I walked by the canal-ZEBRA at dawn, and a calm settled over me.',
    });
    expect(ai.received).toHaveLength(1);
    const [request] = ai.received;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.authorization).toBe('Bearer sk-test-key');
    expect(request!.body.model).toBe('test-model');
    expect(request!.body.messages?.[0]?.role).toBe('system');
    expect(request!.body.messages?.at(-1)).toEqual({ role: 'user', content: draft });
    // Nothing of the draft was written to the database.
    const { rows } = await ctx.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ai_messages`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('AI Assist needs 10 non-blank characters', async () => {
    const { cookie } = await createSignedInUser(ctx);
    ai.reset();
    const response = await post(cookie, '/api/ai/enhance', { text: 'a b c d e f g h i' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(AI_MESSAGES.tooShort);
    expect(ai.received).toHaveLength(0);
  });

  it('retries a 429 and then succeeds', async () => {
    const { cookie } = await createSignedInUser(ctx);
    ai.reset();
    ai.script({ kind: 'error', status: 429 }, { kind: 'reply', text: 'Expanded after a retry.' });
    const response = await post(cookie, '/api/ai/enhance', { text: secret('A draft about retrying things') });
    expect(response.statusCode).toBe(200);
    expect(response.json().enhancedText).toBe('Expanded after a retry.');
    expect(ai.received).toHaveLength(2);
  });

  it('answers AI_PROVIDER_FAILED when the provider keeps failing, and when it times out', async () => {
    const { cookie } = await createSignedInUser(ctx);
    ai.reset();
    ai.script({ kind: 'error', status: 500 }, { kind: 'error', status: 503 }, { kind: 'error', status: 500 });
    const failed = await post(cookie, '/api/ai/enhance', { text: secret('A draft the provider refuses') });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'AI_PROVIDER_FAILED', message: AI_MESSAGES.providerFailed });
    expect(ai.received).toHaveLength(3);

    ai.reset();
    ai.script({ kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' });
    const timedOut = await post(cookie, '/api/ai/enhance', { text: secret('A draft the provider sits on') });
    expect(timedOut.statusCode).toBe(502);
    expect(timedOut.json().code).toBe('AI_PROVIDER_FAILED');
    expect(ai.received).toHaveLength(3);
  });

  it('insights: local statistics, and a reflection prompt with this user’s entries of the period only', async () => {
    const owner = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const first = secret('Great day at #work with the team, I felt proud of the launch-MANGO');
    const second = secret('A quiet evening; the launch-MANGO review at #work went well, happy');
    await writeEntry(ctx, owner.cookie, owner.user.id, first, 'Proud');
    await writeEntry(ctx, owner.cookie, owner.user.id, second, 'Anxious');
    const othersText = secret('Someone else’s private note-KIWI');
    await writeEntry(ctx, other.cookie, other.user.id, othersText, 'Sad');

    ai.reset();
    ai.script({ kind: 'reply', text: secret('You found pride in your work this week.') });
    const response = await post(owner.cookie, '/api/ai/insights', { days: 7 });
    expect(response.statusCode).toBe(200);
    const insights = response.json();
    expect(insights).toMatchObject({
      entryCount: 2,
      period: { days: 7 },
      moodDistribution: { total: 2, positive: 50, neutral: 0, negative: 50 },
      reflection: 'You found pride in your work this week.',
      reflectionUnavailableReason: null,
      remaining: { insights: 1 },
    });
    expect(insights.themes.map((t: { theme: string }) => t.theme)).toContain('#work');
    expect(insights.sentiment.entries).toHaveLength(2);
    expect(insights.topWords.map((w: { word: string }) => w.word)).toContain('mango');

    expect(ai.received).toHaveLength(1);
    const prompt = promptText(ai.received[0]!);
    expect(prompt).toContain(JSON.stringify(first));
    expect(prompt).toContain(JSON.stringify(second));
    expect(prompt).not.toContain('note-KIWI');
    // Only the system prompt and one message with the entries: nothing else of the account.
    expect(ai.received[0]!.body.messages).toHaveLength(2);
    expect(prompt).not.toContain(owner.user.email);
  });

  it('insights: a failed reflection gives the use back and still answers the statistics', async () => {
    const owner = await createSignedInUser(ctx);
    await writeEntry(
      ctx,
      owner.cookie,
      owner.user.id,
      secret('Tired but grateful for the walk-PLUM'),
      'Grateful',
    );
    ai.reset();
    ai.script({ kind: 'error', status: 500 }, { kind: 'error', status: 500 }, { kind: 'error', status: 500 });
    const response = await post(owner.cookie, '/api/ai/insights', { days: 30 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      entryCount: 1,
      reflection: null,
      reflectionUnavailableReason: 'provider_failed',
      remaining: { insights: 2 },
    });
  });

  it('counts the daily limit atomically: 10 parallel insights at a limit of 2 → exactly 2', async () => {
    const owner = await createSignedInUser(ctx);
    await writeEntry(ctx, owner.cookie, owner.user.id, secret('One entry to think about-PEAR'), 'Calm');
    ai.reset();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post(owner.cookie, '/api/ai/insights', { days: 7 })),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.filter((c) => c === 429)).toHaveLength(8);
    const refused = responses.find((r) => r.statusCode === 429)!.json();
    expect(refused).toMatchObject({
      code: 'AI_LIMIT_REACHED',
      message: AI_MESSAGES.limitReached('insights', 2),
      details: { feature: 'insights', limit: 2, remaining: 0 },
    });
    const status = (
      await ctx.app.inject({ method: 'GET', url: '/api/ai/status', headers: { cookie: owner.cookie } })
    ).json();
    expect(status.remaining.insights).toBe(0);
  });

  async function openChat(
    owner: Signed,
    kind: 'coach' | 'future-self',
    body: Record<string, unknown>,
    signal?: AbortSignal,
  ) {
    const response = await fetch(`${await serverUrl()}/api/ai/${kind}/messages`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    return response;
  }

  it('coach: the reply streams in pieces, grounded in this user’s entries, and is stored encrypted', async () => {
    const owner = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const entry = secret('I keep putting off the hard conversation with my sister-OLIVE');
    await writeEntry(ctx, owner.cookie, owner.user.id, entry, 'Anxious');
    await writeEntry(ctx, other.cookie, other.user.id, secret('Not yours to read-GRAPE'), 'Calm');

    ai.reset();
    const gate = ai.gate();
    const pieces = [secret('It sounds '), secret('like that talk '), secret('matters to you.')];
    ai.script({ kind: 'stream', pieces, gate: gate.promise });
    const question = secret('How do I start the talk-OLIVE?');
    const response = await openChat(owner, 'coach', { message: question });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const buffer = { text: '' };
    const early = await readUntil(reader, buffer, (events) => events.some((e) => e.event === 'delta'));
    // The first piece arrived while the provider still holds the rest.
    expect(early.map((e) => e.event)).toEqual(['start', 'delta']);
    expect(early[0]!.data).toMatchObject({ remaining: { coaching: 0 } });
    expect(early[1]!.data).toEqual({ text: 'It sounds ' });
    gate.release();
    const events = await readUntil(reader, buffer, (all) => all.some((e) => e.event === 'done'));
    const reply = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(reply).toBe(pieces.join(''));
    const done = events.find((e) => e.event === 'done')!.data as {
      conversationId: string;
      messageId: string;
    };
    expect(done.conversationId).toBe(early[0]!.data.conversationId);

    const [chat] = ai.chats();
    const prompt = promptText(chat!);
    expect(prompt).toContain(JSON.stringify(entry));
    expect(prompt).not.toContain('GRAPE');
    expect(chat!.body.stream).toBe(true);
    expect(chat!.body.messages?.at(-1)).toEqual({ role: 'user', content: question });

    // History: decrypted for the owner, ciphertext at rest.
    const conversation = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/ai/coach/conversations/${done.conversationId}`,
        headers: { cookie: owner.cookie },
      })
    ).json();
    expect(conversation.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', question],
      ['assistant', pieces.join('')],
    ]);
    expect(conversation.title).toBe(question);
    const rows = await ctx.database.db
      .select()
      .from(aiMessages)
      .where(eq(aiMessages.conversationId, done.conversationId));
    const [stored] = await ctx.database.db
      .select()
      .from(aiConversations)
      .where(eq(aiConversations.id, done.conversationId));
    const atRest = JSON.stringify([rows, stored]);
    expect(atRest).not.toContain('OLIVE');
    expect(atRest).not.toContain('matters to you');
    const key = await keyOf(ctx, owner.cookie, owner.user.id);
    const reply0 = rows.find((r) => r.role === 'assistant')!;
    expect(await decryptText(key, { ciphertext: reply0.ciphertext, iv: reply0.iv })).toBe(pieces.join(''));

    // The list shows it; another user sees nothing of it.
    const list = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/ai/coach/conversations',
        headers: { cookie: owner.cookie },
      })
    ).json();
    expect(list.items.map((c: { id: string }) => c.id)).toEqual([done.conversationId]);
    for (const [method, url] of [
      ['GET', `/api/ai/coach/conversations/${done.conversationId}`],
      ['DELETE', `/api/ai/coach/conversations/${done.conversationId}`],
      ['GET', `/api/ai/future-self/conversations/${done.conversationId}`],
    ] as const) {
      const cookie = url.includes('future-self') ? owner.cookie : other.cookie;
      expect((await ctx.app.inject({ method, url, headers: { cookie } })).statusCode).toBe(404);
    }
    const foreignTurn = await post(other.cookie, '/api/ai/coach/messages', {
      conversationId: done.conversationId,
      message: 'hello',
    });
    expect(foreignTurn.statusCode).toBe(404);

    // The Free plan's one coaching message of the day is spent.
    const second = await post(owner.cookie, '/api/ai/coach/messages', { message: 'One more?' });
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toBe(AI_MESSAGES.limitReached('coaching', 1));

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/ai/coach/conversations/${done.conversationId}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect(
      await ctx.database.db
        .select()
        .from(aiMessages)
        .where(eq(aiMessages.conversationId, done.conversationId)),
    ).toHaveLength(0);
  });

  it('stop: the client’s abort aborts the provider request and keeps what arrived', async () => {
    const owner = await premiumUser(ctx);
    ai.reset();
    const gate = ai.gate();
    ai.script({ kind: 'stream', pieces: [secret('Let us begin '), 'never sent'], gate: gate.promise });
    const stop = new AbortController();
    const response = await openChat(owner, 'coach', { message: secret('Help me plan-FIG') }, stop.signal);
    const reader = response.body!.getReader();
    const early = await readUntil(reader, { text: '' }, (events) => events.some((e) => e.event === 'delta'));
    const conversationId = early[0]!.data.conversationId as string;
    stop.abort();
    await expect.poll(() => ai.chats()[0]?.isAborted, { timeout: 10_000 }).toBe(true);
    gate.release();
    await expect
      .poll(
        async () =>
          (
            await ctx.app.inject({
              method: 'GET',
              url: `/api/ai/coach/conversations/${conversationId}`,
              headers: { cookie: owner.cookie },
            })
          ).json().messages,
        { timeout: 10_000 },
      )
      .toMatchObject([
        { role: 'user', content: 'Help me plan-FIG', status: 'complete' },
        { role: 'assistant', content: 'Let us begin ', status: 'stopped' },
      ]);
  });

  it('a provider failure mid-stream sends an error event, keeps nothing and gives the use back', async () => {
    const owner = await createSignedInUser(ctx);
    ai.reset();
    const gate = ai.gate();
    ai.script({ kind: 'stream-broken', pieces: ['Half a '], gate: gate.promise });
    const response = await openChat(owner, 'coach', { message: secret('Will this break-LIME?') });
    const reader = response.body!.getReader();
    const buffer = { text: '' };
    await readUntil(reader, buffer, (all) => all.some((e) => e.event === 'delta'));
    gate.release();
    const events = await readUntil(reader, buffer, () => false);
    expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'error']);
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { code: 'AI_PROVIDER_FAILED', message: AI_MESSAGES.providerFailed },
    });
    const status = (
      await ctx.app.inject({ method: 'GET', url: '/api/ai/status', headers: { cookie: owner.cookie } })
    ).json();
    expect(status.remaining.coaching).toBe(1);
    const list = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/ai/coach/conversations',
        headers: { cookie: owner.cookie },
      })
    ).json();
    expect(list.items).toEqual([]);
  });

  it('future-self chat is grounded in the entries and the scheduled messages, continuing its history', async () => {
    const owner = await premiumUser(ctx);
    const entryText = secret('Started learning the cello-QUINCE this week');
    await writeEntry(ctx, owner.cookie, owner.user.id, entryText, 'Excited');
    const subject = secret('Did you keep playing-QUINCE?');
    const body = secret('I hope the cello is still in your life-QUINCE.');
    const scheduled = await ctx.app.inject({
      method: 'POST',
      url: '/api/future-messages',
      headers: { cookie: owner.cookie },
      payload: {
        subject: await browserEncrypt(ctx, owner.cookie, owner.user.id, subject),
        message: await browserEncrypt(ctx, owner.cookie, owner.user.id, body),
        sendAt: new Date(ctx.clock.now().getTime() + 30 * 86_400_000).toISOString(),
        deliveryChannel: 'in-app',
      },
    });
    expect(scheduled.statusCode).toBe(201);

    ai.reset();
    ai.script({ kind: 'reply', text: secret('I still play every Sunday.') });
    const first = parseEvents(
      await (await openChat(owner, 'future-self', { message: secret('Do you still play?') })).text(),
    );
    const conversationId = first.find((e) => e.event === 'done')!.data.conversationId as string;
    const prompt = promptText(ai.chats()[0]!);
    expect(prompt).toContain(JSON.stringify(entryText));
    expect(prompt).toContain(JSON.stringify(subject));
    expect(prompt).toContain(JSON.stringify(body));
    expect(prompt).toContain('five years from now');

    ai.script({ kind: 'reply', text: secret('Yes, and in a quartet now.') });
    const second = parseEvents(
      await (
        await openChat(owner, 'future-self', { conversationId, message: secret('With anyone?') })
      ).text(),
    );
    expect(second.at(-1)!.event).toBe('done');
    expect(ai.chats()[1]!.body.messages?.slice(1)).toEqual([
      { role: 'user', content: 'Do you still play?' },
      { role: 'assistant', content: 'I still play every Sunday.' },
      { role: 'user', content: 'With anyone?' },
    ]);
    // A future-self conversation is not a coach conversation.
    const asCoach = await post(owner.cookie, '/api/ai/coach/messages', {
      conversationId,
      message: 'Hi there',
    });
    expect(asCoach.statusCode).toBe(404);
  });

  it('moderation: the provider’s verdict applies to entries, and the local classifier decides when it fails', async () => {
    const owner = await premiumUser(ctx);
    ai.reset();
    ai.scriptModeration({ kind: 'moderation', flagged: true, categories: { harassment: true } });
    const flagged = await createEntry(ctx, owner.cookie, owner.user.id, secret('You are such a mango-DATE'));
    expect(flagged.statusCode).toBe(422);
    expect(flagged.json().message).toBe(MODERATION_MESSAGES.entryMedium);
    expect(ai.received[0]!.path).toBe('/v1/moderations');
    expect(ai.received[0]!.body).toMatchObject({ model: 'omni-moderation-latest' });

    ai.reset();
    ai.scriptModeration(
      { kind: 'error', status: 500 },
      { kind: 'error', status: 500 },
      { kind: 'error', status: 500 },
    );
    const saved = await createEntry(ctx, owner.cookie, owner.user.id, secret('A calm ordinary day-DATE'));
    expect(saved.statusCode).toBe(201);

    ai.reset();
    ai.scriptModeration(
      { kind: 'error', status: 500 },
      { kind: 'error', status: 500 },
      { kind: 'error', status: 500 },
    );
    const localBlock = await createEntry(ctx, owner.cookie, owner.user.id, 'I want to kill myself');
    expect(localBlock.statusCode).toBe(422);
    expect(localBlock.json().message).toBe(MODERATION_MESSAGES.crisis);
  });

  it('logs none of the drafts, entries, messages or replies', () => {
    expect(lines.length).toBeGreaterThan(0);
    const text = lines.join('');
    for (const value of secrets) expect(text).not.toContain(value);
    for (const marker of [
      'ZEBRA',
      'MANGO',
      'KIWI',
      'OLIVE',
      'GRAPE',
      'FIG',
      'LIME',
      'QUINCE',
      'PLUM',
      'PEAR',
    ]) {
      expect(text).not.toContain(marker);
    }
  });
});

describe('AI without a provider', () => {
  const ctx = useTestApp();

  it('AI Assist says no provider is configured and how to set one; chats too', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const status = (
      await ctx.app.inject({ method: 'GET', url: '/api/ai/status', headers: { cookie } })
    ).json();
    expect(status).toMatchObject({
      providerConfigured: false,
      providerHost: null,
      model: null,
      moderation: 'local',
    });
    const enhance = await ctx.app.inject({
      method: 'POST',
      url: '/api/ai/enhance',
      headers: { cookie },
      payload: { text: 'A draft long enough to enhance' },
    });
    expect(enhance.statusCode).toBe(409);
    expect(enhance.json()).toMatchObject({ code: 'AI_NOT_CONFIGURED', message: AI_MESSAGES.noProvider });
    expect(AI_MESSAGES.noProvider).toContain('AI_BASE_URL');
    const chat = await ctx.app.inject({
      method: 'POST',
      url: '/api/ai/coach/messages',
      headers: { cookie },
      payload: { message: 'Hello' },
    });
    expect(chat.statusCode).toBe(409);
  });

  it('insights still answer the local statistics, with the reason the reflection is missing', async () => {
    const owner = await createSignedInUser(ctx);
    await writeEntry(
      ctx,
      owner.cookie,
      owner.user.id,
      'A wonderful happy day at the #beach with friends',
      'Happy',
    );
    ctx.clock.advance(60_000);
    await writeEntry(
      ctx,
      owner.cookie,
      owner.user.id,
      'Awful stressful meeting, I hated it. #work',
      'Stressed',
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/ai/insights',
      headers: { cookie: owner.cookie },
      payload: { days: 90 },
    });
    expect(response.statusCode).toBe(200);
    const insights = response.json();
    expect(insights).toMatchObject({
      entryCount: 2,
      moodDistribution: { total: 2, positive: 50, negative: 50 },
      reflection: null,
      reflectionUnavailableReason: 'no_provider',
    });
    const labels = insights.sentiment.entries.map((e: { label: string }) => e.label);
    expect(labels).toEqual(['positive', 'negative']);
    expect(insights.themes.map((t: { theme: string }) => t.theme).sort()).toEqual(['#beach', '#work']);
    expect(insights.moodTrend).toHaveLength(1);
  });

  it('insights without a provider use up no daily use, however often they are asked for', async () => {
    const owner = await createSignedInUser(ctx);
    await writeEntry(ctx, owner.cookie, owner.user.id, 'A calm walk by the canal', 'Calm');
    // Free allows 2 insights a day: a third request would be refused if each spent one.
    for (let i = 0; i < 3; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/ai/insights',
        headers: { cookie: owner.cookie },
        payload: { days: 7 },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        entryCount: 1,
        reflectionUnavailableReason: 'no_provider',
        remaining: { insights: 2 },
      });
    }
  });

  it('insights with no entries spend nothing', async () => {
    const { cookie } = await createSignedInUser(ctx);
    const insights = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/ai/insights',
        headers: { cookie },
        payload: { days: 7 },
      })
    ).json();
    expect(insights).toMatchObject({ entryCount: 0, reflectionUnavailableReason: 'no_entries' });
    expect(insights.remaining.insights).toBe(2);
  });
});
