/** The health module's operation (apps/server/src/modules/health). */
export { check } from './check.ts';
