/** The key-pairs module's operations (apps/server/src/modules/key-pairs): your own key pair (ADR 102). */
export { create } from './create.ts';
export { mine } from './mine.ts';
export { rewrap } from './rewrap.ts';
