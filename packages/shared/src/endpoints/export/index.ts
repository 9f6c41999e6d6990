/** The export module's operations (apps/server/src/modules/export). */
export { archive } from './archive.ts';
export { sealed } from './sealed.ts';
export { summary } from './summary.ts';
