import { z } from 'zod';
import { ConversationKind } from '../../schemas/ai.ts';
import { AiConsentFeature } from '../../schemas/ai-private.ts';

/** What several of the ai module's operations take. */

export const KindParams = z.object({ kind: ConversationKind });

export const ConversationParams = z.object({ kind: ConversationKind, id: z.uuid() });

export const FeatureParams = z.object({ feature: AiConsentFeature });
