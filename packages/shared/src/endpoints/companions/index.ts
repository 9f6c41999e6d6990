/** The companions module's operations (apps/server/src/modules/companions): the dashboard's cards (ADR 028). */
export { currentMood } from './current-mood.ts';
export { moodRing } from './mood-ring.ts';
export { onThisDay } from './on-this-day.ts';
export { streak } from './streak.ts';
