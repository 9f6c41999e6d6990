/** Users the end-to-end run seeds before the server starts (support/seed-fixtures.ts). */
export const DASHBOARD_USER = {
  email: 'dashboard@e2e.daybook.local',
  password: 'Fixture-River-42',
  /** Entries one a day for the last 12 days (none today); day 9 alone mentions the lighthouse. */
  pastDays: 12,
  secretWordDay: 9,
  secretWord: 'lighthouse',
};

/** A Premium user with no entries, for recording audio and video. */
export const MEDIA_USER = { email: 'media@e2e.daybook.local', password: 'Fixture-River-42' };

/**
 * /analytics: one entry a day for the last 40 days, at 09:00 UTC (none today), with the seed's mood cycle
 * (Amazing, Happy, Calm, Neutral, Down…) and a #garden theme on every other day.
 */
export const ANALYTICS_USER = {
  email: 'analytics@e2e.daybook.local',
  password: 'Fixture-River-42',
  pastDays: 40,
};
