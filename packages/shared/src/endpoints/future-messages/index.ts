/** The future-messages module's operations (apps/server/src/modules/future-messages). */
export { cancel } from './cancel.ts';
export { get } from './get.ts';
export { list } from './list.ts';
export { processDue } from './process-due.ts';
export { schedule } from './schedule.ts';
export { sealPrivately } from './seal-privately.ts';
export { sealReadably } from './seal-readably.ts';
export { upcoming } from './upcoming.ts';
