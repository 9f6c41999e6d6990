/**
 * Query keys that more than one feature relies on. Features may not import each other (ADR 022), so a key one
 * feature fills and another invalidates is declared here, once, and both read it from lib.
 */

/**
 * The shares a sender made of one entry (Manage Sharing, the share menu's count). Kept outside the journal's
 * root: writing an entry does not change its shares, sharing does (and then refreshes `journalKeys.lists`).
 */
export const sentShareKeys = {
  all: ['shares', 'sent'] as const,
  ofEntry: (entryId: string) => [...sentShareKeys.all, entryId] as const,
};

/**
 * Everything under ['entries'] is the user's journal. The entries feature invalidates the root whenever an entry
 * is written, edited or deleted, so any query kept beneath it (lists, limits, the calendar's months) follows.
 */
export const journalKeys = {
  all: ['entries'] as const,
  /** Entry lists (the journal, search candidates): what shows an entry's "Shared" badge. */
  lists: () => [...journalKeys.all, 'list'] as const,
  /** The calendar feature keeps its months (days with entries) here. */
  calendar: () => [...journalKeys.all, 'calendar'] as const,
  /**
   * The dashboard's companions (streak, moods, On This Day) live here too, so the refresh on entry changes the
   * spec asks for comes from the same invalidation: one's own writes and the live `entry` event.
   */
  companions: () => [...journalKeys.all, 'companions'] as const,
};

/**
 * The notification bell, the /notifications page and the live client (lib/live-events.ts) share these: a live
 * `notification` event invalidates the root, so the badge, the popover and the page all follow. The future-self
 * banner reads the same summary, so marking its message read refreshes the bell too.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  summary: () => [...notificationKeys.all, 'summary'] as const,
  page: (page: number, pageSize: number) => [...notificationKeys.all, 'page', page, pageSize] as const,
};

/**
 * Shares received by the signed-in user (the shares bell, /shared, the in-app viewer). A live `received-share`
 * event invalidates the root: a new share shows in the bell, a revoked one in an open viewer.
 */
export const receivedShareKeys = {
  all: ['received-shares'] as const,
  lists: () => [...receivedShareKeys.all, 'list'] as const,
  list: (page: number, pageSize: number) => [...receivedShareKeys.lists(), page, pageSize] as const,
  view: (shareId: string) => [...receivedShareKeys.all, 'view', shareId] as const,
};

/**
 * Messages to one's future self: the dashboard card (upcoming), /me-ahead (pages) and the side menu (latest).
 * Scheduling, cancelling or processing invalidates the root, so every list follows.
 */
export const futureMessageKeys = {
  all: ['future-messages'] as const,
  upcoming: () => [...futureMessageKeys.all, 'upcoming'] as const,
  page: (page: number, pageSize: number, status: string = 'all') =>
    [...futureMessageKeys.all, 'page', status, page, pageSize] as const,
  /** Decrypted subjects and bodies, in memory only (removed with the user's other queries at sign-out). */
  opened: (id: string, part: 'subject' | 'message') => ['future-message-text', id, part] as const,
};

/** What the server says about itself (GET /api/health), e.g. whether test tools are on. */
export const serverInfoKeys = { health: ['health'] as const };

/** Subscription status and intent (GET /api/billing/subscription); a live `subscription` event invalidates it. */
export const billingKeys = {
  all: ['billing'] as const,
  subscription: () => [...billingKeys.all, 'subscription'] as const,
};

/** The signed-in user's daily reminder (GET /api/reminders); saving replaces it with the answer. */
export const reminderKeys = { settings: ['reminders', 'settings'] as const };

/**
 * The person's import under way (ADR 077): the /export page reads it, and a live `import` event (progress, a
 * preview ready, done, failed) makes it stale.
 */
export const importKeys = {
  current: ['import', 'current'] as const,
};
