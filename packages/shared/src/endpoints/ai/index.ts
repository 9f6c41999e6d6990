/** The ai module's operations (apps/server/src/modules/ai: routes.ts, and consent-routes.ts for ADR 104). */
export { chat } from './chat.ts';
export { consents } from './consents.ts';
export { conversation } from './conversation.ts';
export { conversations } from './conversations.ts';
export { convertConversation } from './convert-conversation.ts';
export { deleteConversation } from './delete-conversation.ts';
export { enhance } from './enhance.ts';
export { giveConsent } from './give-consent.ts';
export { insights } from './insights.ts';
export { status } from './status.ts';
export { storeSealedTurn } from './store-sealed-turn.ts';
export { toConvert } from './to-convert.ts';
export { withdrawConsent } from './withdraw-consent.ts';
