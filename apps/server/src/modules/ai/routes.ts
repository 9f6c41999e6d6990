import type { OutgoingHttpHeaders } from 'node:http';
import {
  AiChatRequest,
  AiInsights,
  AiInsightsRequest,
  AiStatus,
  ApiError,
  type ChatStreamEvent,
  Conversation,
  ConversationKind,
  ConversationList,
  EnhanceTextInput,
  EnhanceTextResponse,
} from '@daybook/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import type { Services } from '../../services.ts';
import { sendingRouteLimit } from '../sending-limits/service.ts';

const errors = {
  400: ApiError,
  401: ApiError,
  403: ApiError,
  404: ApiError,
  409: ApiError,
  422: ApiError,
  429: ApiError,
  502: ApiError,
  503: ApiError,
};
const KindParams = z.object({ kind: ConversationKind });
const ConversationParams = z.object({ kind: ConversationKind, id: z.uuid() });

export const aiRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['ai'];
    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', requireUser(services.auth));

      signedIn.get(
        '/ai/status',
        {
          schema: {
            tags,
            summary: 'Whether an AI provider is configured, its host and model, and your uses left today',
            response: { 200: AiStatus, ...errors },
          },
        },
        (request) => services.ai.status(signedInUser(request)),
      );

      signedIn.post(
        '/ai/enhance',
        {
          bodyLimit: 64 * 1024,
          config: sendingRouteLimit('aiAssist'),
          schema: {
            tags,
            summary: 'AI Assist: expand a draft (sent to the AI provider; never stored or logged)',
            body: EnhanceTextInput,
            response: { 200: EnhanceTextResponse, ...errors },
          },
        },
        (request) => services.ai.enhance(signedInUser(request), request.body.text),
      );

      signedIn.post(
        '/ai/insights',
        {
          // A private account's entries of the period come with the request (ADR 104): up to 500 of 5,000 characters.
          bodyLimit: 16 * 1024 * 1024,
          config: { rateLimit: { max: 30, timeWindow: '1 minute', groupId: ':ai-insights' } },
          schema: {
            tags,
            summary:
              'Insights over 7, 30 or 90 days: local statistics, themes, sentiment; a reflection with a provider',
            body: AiInsightsRequest,
            response: { 200: AiInsights, ...errors },
          },
        },
        (request) => services.ai.insights(signedInUser(request), request.body.days, request.body.entries),
      );

      signedIn.post(
        '/ai/:kind/messages',
        {
          // A private account's context comes with the message (ADR 104): 30 entries, 5 letters, 20 turns.
          bodyLimit: 2 * 1024 * 1024,
          config: { rateLimit: { max: 30, timeWindow: '1 minute', groupId: ':ai-chat' } },
          schema: {
            tags,
            summary:
              'Send a message to the growth coach or your future self; the reply streams as text/event-stream (start, delta…, done | error)',
            params: KindParams,
            body: AiChatRequest,
            response: errors,
          },
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
        },
      );

      signedIn.get(
        '/ai/:kind/conversations',
        {
          schema: {
            tags,
            summary: 'Your conversations of this kind, newest first',
            params: KindParams,
            response: { 200: ConversationList, ...errors },
          },
        },
        (request) => services.ai.conversations(signedInUser(request), request.params.kind),
      );

      signedIn.get(
        '/ai/:kind/conversations/:id',
        {
          schema: {
            tags,
            summary: 'One conversation with its messages (decrypted on the server for you)',
            params: ConversationParams,
            response: { 200: Conversation, ...errors },
          },
        },
        (request) => services.ai.conversation(signedInUser(request), request.params.kind, request.params.id),
      );

      signedIn.delete(
        '/ai/:kind/conversations/:id',
        {
          schema: {
            tags,
            summary: 'Delete a conversation and its messages',
            params: ConversationParams,
            response: { 204: z.null(), ...errors },
          },
        },
        async (request, reply) => {
          await services.ai.deleteConversation(signedInUser(request), request.params.kind, request.params.id);
          return reply.status(204).send(null);
        },
      );
    });
  };
