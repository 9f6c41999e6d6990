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
 * A user with entries a year and a month before the run's day only (the dashboard's On This Day), written at
 * 10:00 UTC; the account's time zone is UTC, as is the e2e browser's.
 */
export const MEMORIES_USER = {
  email: 'memories@e2e.daybook.local',
  password: 'Fixture-River-42',
  yearAgoText: 'Planted tulip bulbs along the fence, hoping for spring. #garden',
  monthAgoText: 'First frost on the allotment this morning.',
};

/**
 * /analytics: one entry a day for the last 40 days, at 09:00 UTC (none today), with the seed's mood cycle
 * (Amazing, Happy, Calm, Neutral, Down…) and a #garden theme on every other day.
 */
export const ANALYTICS_USER = {
  email: 'analytics@e2e.daybook.local',
  password: 'Fixture-River-42',
  pastDays: 40,
};
