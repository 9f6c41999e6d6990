import { z } from 'zod';
import {
  AiInsights,
  AiStatus,
  Conversation,
  ConversationKind,
  ConversationList,
  EnhanceTextInput,
  EnhanceTextResponse,
} from '../schemas/ai.ts';
import {
  AiChatRequest,
  AiConsent,
  AiConsentFeature,
  AiConsents,
  AiInsightsRequest,
  ConversationsToConvert,
  ConvertConversationInput,
  GiveAiConsentInput,
  SealedTurnInput,
} from '../schemas/ai-private.ts';
import type { Endpoint } from './endpoint.ts';

/** The ai module's operations (apps/server/src/modules/ai: routes.ts, and consent-routes.ts for ADR 104). */

const KindParams = z.object({ kind: ConversationKind });
const ConversationParams = z.object({ kind: ConversationKind, id: z.uuid() });
const FeatureParams = z.object({ feature: AiConsentFeature });

export const status = {
  method: 'GET',
  path: '/api/ai/status',
  response: AiStatus,
} as const satisfies Endpoint;

export const enhance = {
  method: 'POST',
  path: '/api/ai/enhance',
  body: EnhanceTextInput,
  response: EnhanceTextResponse,
} as const satisfies Endpoint;

export const insights = {
  method: 'POST',
  path: '/api/ai/insights',
  body: AiInsightsRequest,
  response: AiInsights,
} as const satisfies Endpoint;

/** The reply streams as text/event-stream (start, delta…, done | error): no JSON answer. */
export const chat = {
  method: 'POST',
  path: '/api/ai/:kind/messages',
  params: KindParams,
  body: AiChatRequest,
} as const satisfies Endpoint;

export const conversations = {
  method: 'GET',
  path: '/api/ai/:kind/conversations',
  params: KindParams,
  response: ConversationList,
} as const satisfies Endpoint;

export const conversation = {
  method: 'GET',
  path: '/api/ai/:kind/conversations/:id',
  params: ConversationParams,
  response: Conversation,
} as const satisfies Endpoint;

export const deleteConversation = {
  method: 'DELETE',
  path: '/api/ai/:kind/conversations/:id',
  params: ConversationParams,
  status: 204,
} as const satisfies Endpoint;

export const consents = {
  method: 'GET',
  path: '/api/ai/consents',
  response: AiConsents,
} as const satisfies Endpoint;

export const giveConsent = {
  method: 'PUT',
  path: '/api/ai/consents/:feature',
  params: FeatureParams,
  body: GiveAiConsentInput,
  response: AiConsent,
} as const satisfies Endpoint;

export const withdrawConsent = {
  method: 'DELETE',
  path: '/api/ai/consents/:feature',
  params: FeatureParams,
  status: 204,
} as const satisfies Endpoint;

export const toConvert = {
  method: 'GET',
  path: '/api/ai/conversations/to-convert',
  query: z.object({ from: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])) }),
  response: ConversationsToConvert,
} as const satisfies Endpoint;

export const convertConversation = {
  method: 'PUT',
  path: '/api/ai/:kind/conversations/:id/version',
  params: ConversationParams,
  body: ConvertConversationInput,
  status: 204,
} as const satisfies Endpoint;

export const storeSealedTurn = {
  method: 'POST',
  path: '/api/ai/:kind/conversations/:id/turns',
  params: ConversationParams,
  body: SealedTurnInput,
  status: 204,
} as const satisfies Endpoint;
