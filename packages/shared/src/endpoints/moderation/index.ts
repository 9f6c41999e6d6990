/** The moderation module's operations (apps/server/src/modules/moderation). */
export { text } from './text.ts';
