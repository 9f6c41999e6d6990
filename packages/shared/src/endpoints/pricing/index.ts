/** The pricing module's operation (apps/server/src/modules/pricing). */
export { premium } from './premium.ts';
