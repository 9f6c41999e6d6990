import { AI_MESSAGES, type AiStatus, type Conversation } from '@daybook/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import CoachPage from './pages/CoachPage.tsx';

const CONVERSATION_ID = '00000000-0000-4000-8000-00000000c0c0';
const SEND = 'POST /api/ai/coach/messages';

const status = (coaching: number): AiStatus => ({
  providerConfigured: true,
  providerHost: '127.0.0.1:9999',
  model: 'test-model',
  moderation: 'local',
  remaining: { insights: 2, coaching, futureChat: 1 },
  limits: { insights: 2, coaching: 1, futureChat: 1 },
  day: '2026-11-22',
});

const stored: Conversation = {
  id: CONVERSATION_ID,
  kind: 'coach',
  title: 'How was my week?',
  messageCount: 2,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  messages: [
    {
      id: 'm1',
      role: 'user',
      content: 'How was my week?',
      status: 'complete',
      createdAt: '2026-11-22T10:00:00.000Z',
    },
    {
      id: 'm2',
      role: 'assistant',
      content: 'Calm, with',
      status: 'stopped',
      createdAt: '2026-11-22T10:00:01.000Z',
    },
  ],
};

/** A reply stream the test writes to, event by event, as the server would. */
function controlledStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  return {
    body,
    send: (event: string, data: unknown) =>
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    close: () => controller.close(),
  };
}

function setup(stream: ReturnType<typeof controlledStream>, statusAnswer = status(1)) {
  let isStored = false;
  const fetchMock = stubApi({
    ...signedInHandlers(),
    'GET /api/ai/status': json(statusAnswer),
    'GET /api/ai/coach/conversations': () =>
      jsonResponse({ items: isStored ? [{ ...stored, messages: undefined }] : [] }),
    [`GET /api/ai/coach/conversations/${CONVERSATION_ID}`]: () => jsonResponse(stored),
    [SEND]: ({ init }) => {
      init?.signal?.addEventListener('abort', () => {
        isStored = true;
        stream.body.cancel().catch(() => undefined);
      });
      return new Response(stream.body, { headers: { 'Content-Type': 'text/event-stream' } });
    },
  });
  renderWithProviders(<CoachPage />, { path: '/coach' });
  return { fetchMock };
}

describe('/coach', () => {
  it('shows the reply as it streams, in a polite live region, and Stop ends it; the history comes from the server', async () => {
    const stream = controlledStream();
    const { fetchMock } = setup(stream);
    const box = await screen.findByRole('textbox', { name: 'Message to your coach' });
    expect(await screen.findByText('1 of 1 coaching message left today')).toBeTruthy();

    fireEvent.change(box, { target: { value: 'How was my week?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(callsTo(fetchMock, SEND)).toEqual([{ message: 'How was my week?' }]));
    expect((box as HTMLTextAreaElement).value).toBe('');

    await act(async () => {
      stream.send('start', { conversationId: CONVERSATION_ID, remaining: status(0).remaining });
      stream.send('delta', { text: 'Calm, ' });
    });
    const reply = screen.getByRole('log', { name: "Coach's reply" });
    expect(reply.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(within(reply).getByText('Calm,')).toBeTruthy());
    expect(reply.getAttribute('aria-busy')).toBe('true');
    await act(async () => stream.send('delta', { text: 'with' }));
    await waitFor(() => expect(within(reply).getByText('Calm, with')).toBeTruthy());
    expect(screen.getByText('No coaching messages left today')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    // Reloaded from the server: the stopped reply, marked as such, and the composer back.
    expect(await screen.findByRole('heading', { name: 'How was my week?' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('log', { name: "Coach's reply" }).textContent).toBe(''));
    const history = screen.getByRole('list', { name: 'Messages' });
    expect(within(history).getByText('Calm, with')).toBeTruthy();
    expect(within(history).getByText(AI_MESSAGES.stopped)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(document.activeElement).toBe(box);
  });

  it('asks for a new conversation only once its first turn is stored: no 404 while the first reply streams', async () => {
    const stream = controlledStream();
    let isStored = false;
    /** Whether the conversation was stored at each request for it. */
    const asked: boolean[] = [];
    const complete: Conversation = {
      ...stored,
      messages: [
        stored.messages[0]!,
        { ...stored.messages[1]!, content: 'A calm week.', status: 'complete' },
      ],
    };
    stubApi({
      ...signedInHandlers(),
      'GET /api/ai/status': json(status(1)),
      'GET /api/ai/coach/conversations': () =>
        jsonResponse({ items: isStored ? [{ ...complete, messages: undefined }] : [] }),
      [`GET /api/ai/coach/conversations/${CONVERSATION_ID}`]: () => {
        asked.push(isStored);
        return isStored
          ? jsonResponse(complete)
          : apiError(404, 'NOT_FOUND', AI_MESSAGES.conversationNotFound)({} as never);
      },
      [SEND]: () => new Response(stream.body, { headers: { 'Content-Type': 'text/event-stream' } }),
    });
    renderWithProviders(<CoachPage />, { path: '/coach' });
    const box = await screen.findByRole('textbox', { name: 'Message to your coach' });
    await screen.findByText('1 of 1 coaching message left today');
    fireEvent.change(box, { target: { value: 'How was my week?' } });
    fireEvent.keyDown(box, { key: 'Enter' });

    await act(async () => {
      stream.send('start', { conversationId: CONVERSATION_ID, remaining: status(0).remaining });
      stream.send('delta', { text: 'A calm week.' });
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('log', { name: "Coach's reply" })).getByText('A calm week.'),
      ).toBeTruthy(),
    );
    expect(asked).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();

    // The server stores the turn, then says it is done.
    isStored = true;
    await act(async () => {
      stream.send('done', { conversationId: CONVERSATION_ID, messageId: 'm2' });
      stream.close();
    });
    expect(await screen.findByRole('heading', { name: 'How was my week?' })).toBeTruthy();
    const history = await screen.findByRole('list', { name: 'Messages' });
    expect(within(history).getByText('A calm week.')).toBeTruthy();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((wasStored) => wasStored)).toBe(true);
  });

  it('Shift+Enter is a new line, not a message', async () => {
    const stream = controlledStream();
    const { fetchMock } = setup(stream);
    const box = await screen.findByRole('textbox', { name: 'Message to your coach' });
    fireEvent.change(box, { target: { value: 'First line' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(callsTo(fetchMock, SEND)).toEqual([]);
  });

  it("says when the day's limit is reached and gives the message back", async () => {
    const stream = controlledStream();
    stubApi({
      ...signedInHandlers(),
      'GET /api/ai/status': json(status(1)),
      'GET /api/ai/coach/conversations': json({ items: [] }),
      [SEND]: apiError(429, 'AI_LIMIT_REACHED', AI_MESSAGES.limitReached('coaching', 1), {
        details: { feature: 'coaching', limit: 1, remaining: 0 },
      }),
    });
    void stream;
    renderWithProviders(<CoachPage />, { path: '/coach' });
    const box = await screen.findByRole('textbox', { name: 'Message to your coach' });
    fireEvent.change(box, { target: { value: 'One more?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(AI_MESSAGES.limitReached('coaching', 1))).toBeTruthy();
    // Free plan (the stub's profile): the upgrade dialog opens.
    expect(await screen.findByRole('dialog', { name: 'Daily AI limit reached' })).toBeTruthy();
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('One more?'));
  });

  it('says that no provider is configured, and how to set one up', async () => {
    stubApi({
      ...signedInHandlers(),
      'GET /api/ai/status': json({
        ...status(1),
        providerConfigured: false,
        providerHost: null,
        model: null,
      }),
      'GET /api/ai/coach/conversations': json({ items: [] }),
    });
    renderWithProviders(<CoachPage />, { path: '/coach' });
    expect(await screen.findByText(AI_MESSAGES.noProvider)).toBeTruthy();
    expect(
      (screen.getByRole('textbox', { name: 'Message to your coach' }) as HTMLTextAreaElement).disabled,
    ).toBe(true);
  });
});
