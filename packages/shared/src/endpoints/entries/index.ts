/** The entries module's operations (apps/server/src/modules/entries). */

export { analytics } from './analytics.ts';
export { analyticsMoods } from './analytics-moods.ts';
export { calendar } from './calendar.ts';
export { create } from './create.ts';
export { dailyLimit } from './daily-limit.ts';
export { deletionLimit } from './deletion-limit.ts';
export { encryptionSalt } from './encryption-salt.ts';
export { get } from './get.ts';
export { imported } from './imported.ts';
export { list } from './list.ts';
export { remove } from './remove.ts';
export { searchCandidates } from './search-candidates.ts';
export { update } from './update.ts';
