/** The contact module's operation (apps/server/src/modules/contact). */
export { send } from './send.ts';
