/** The events module's operations (apps/server/src/modules/events). */
export { stream } from './stream.ts';
