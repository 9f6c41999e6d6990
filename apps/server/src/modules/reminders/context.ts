/*
 * What every part of the reminders service shares (ADR 100): its dependencies, the repository, how the job works
 * (ADR 042), what the bell and the push say, and the next occurrence of a person's rule. The parts meet here,
 * never through service.ts.
 */
import { nextReminder } from '@daybook/shared';
import type { Db } from '../../db/client.ts';
import type { PushSender } from '../../infra/push/web-push.ts';
import type { Clock } from '../../lib/clock.ts';
import { createRemindersRepository, type VisibleEntry } from './repository.ts';

/** How the reminder job works through due reminders (ADR 042). */
export const REMINDER_DELIVERY = {
  batchSize: 200,
  maxBatchesPerRun: 50,
  /** Push attempts per reminder; after the last the push is given up (the day's e-mail and bell still stand). */
  maxPushAttempts: 3,
  pushBatchSize: 50,
} as const;

/** The in-app notification: its type and title (the bell shows it; the notifications table holds nothing else). */
export const REMINDER_NOTIFICATION = {
  type: 'daily_reminder',
  title: 'A gentle reminder to write today',
  message: "You haven't written in your journal today yet.",
} as const;

export type RemindersDeps = {
  db: Db;
  clock: Clock;
  appUrl: string;
  authSecret: string;
  push: PushSender | null;
  visibleEntry: VisibleEntry;
};

export function createRemindersContext(deps: RemindersDeps) {
  const repository = createRemindersRepository(deps.db, deps.visibleEntry);

  const next = (rule: { time: string; weekdays: readonly number[] }, zone: string, after: Date) => {
    const occurrence = nextReminder(rule, zone, after);
    return occurrence ? { ...occurrence, zone } : null;
  };

  return { ...deps, repository, next };
}

export type RemindersContext = ReturnType<typeof createRemindersContext>;
