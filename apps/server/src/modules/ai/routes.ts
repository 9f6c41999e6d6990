import type { OutgoingHttpHeaders } from 'node:http';
import { api, type ChatStreamEvent } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';
import { sendingRouteLimit } from '../sending-limits/service.ts';

const tags = ['ai'];

export const aiRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireUser(services.auth));

      route(
        signedIn,
        api.ai.status,
        {
          tags,
          summary: 'Whether an AI provider is configured, its host and model, and your uses left today',
        },
        (request) => services.ai.status(signedInUser(request)),
      );

      route(
        signedIn,
        api.ai.enhance,
        {
          tags,
          summary: 'AI Assist: expand a draft (sent to the AI provider; never stored or logged)',
          bodyLimit: 64 * 1024,
          config: sendingRouteLimit('aiAssist'),
        },
        (request) => services.ai.enhance(signedInUser(request), request.body.text),
      );

      route(
        signedIn,
        api.ai.insights,
        {
          tags,
          summary:
            'Insights over 7, 30 or 90 days: local statistics, themes, sentiment; a reflection with a provider',
          // A private account's entries of the period come with the request (ADR 104): up to 500 of 5,000 characters.
          bodyLimit: 16 * 1024 * 1024,
          config: { rateLimit: { max: 30, timeWindow: '1 minute', groupId: ':ai-insights' } },
        },
        (request) => services.ai.insights(signedInUser(request), request.body.days, request.body.entries),
      );

      route(
        signedIn,
        api.ai.chat,
        {
          tags,
          summary:
            'Send a message to the growth coach or your future self; the reply streams as text/event-stream (start, delta…, done | error)',
          // A private account's context comes with the message (ADR 104): 30 entries, 5 letters, 20 turns.
          bodyLimit: 2 * 1024 * 1024,
          config: { rateLimit: { max: 30, timeWindow: '1 minute', groupId: ':ai-chat' } },
        },
        async (request, reply) => {
          const chat = await services.ai.prepareChat(
            signedInUser(request),
            request.params.kind,
            request.body,
          );
          // From here on the answer is ours to write, event by event (the same framing as /api/events).
          reply.hijack();
          const response = reply.raw;
          const headers: OutgoingHttpHeaders = { ...reply.getHeaders() } as OutgoingHttpHeaders;
          for (const name of ['content-length', 'content-encoding', 'transfer-encoding'])
            delete headers[name];
          response.writeHead(200, {
            ...headers,
            'content-type': 'text/event-stream; charset=utf-8',
            // The reply is the person's conversation: stored by no cache, transformed by no proxy.
            'cache-control': 'no-store, no-transform',
            'x-accel-buffering': 'no',
          });
          response.socket?.setNoDelay(true);
          const stop = new AbortController();
          // The client went away (Stop, a closed tab): abort the provider request too.
          response.once('close', () => {
            if (!response.writableFinished) stop.abort();
          });
          const emit = (event: ChatStreamEvent) => {
            if (!response.destroyed)
              response.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
          };
          emit({ event: 'start', data: { conversationId: chat.conversationId, remaining: chat.remaining } });
          try {
            await chat.run(stop.signal, emit);
          } finally {
            if (!response.destroyed) response.end();
          }
          return reply;
        },
      );

      route(
        signedIn,
        api.ai.conversations,
        { tags, summary: 'Your conversations of this kind, newest first' },
        (request) => services.ai.conversations(signedInUser(request), request.params.kind),
      );

      route(
        signedIn,
        api.ai.conversation,
        { tags, summary: 'One conversation with its messages (decrypted on the server for you)' },
        (request) => services.ai.conversation(signedInUser(request), request.params.kind, request.params.id),
      );

      route(
        signedIn,
        api.ai.deleteConversation,
        { tags, summary: 'Delete a conversation and its messages' },
        async (request) => {
          await services.ai.deleteConversation(signedInUser(request), request.params.kind, request.params.id);
        },
      );
    });
  };
