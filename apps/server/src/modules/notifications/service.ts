import type { Executor } from '../../db/client.ts';
import { queueLiveEvent } from '../../db/live-events.ts';
import { insertNotification, type NewNotification } from './repository.ts';

/**
 * Writes a notification and queues its live event in the caller's transaction, so the bell of every open tab of
 * the user refreshes once the change commits (and never for a change that was rolled back). Every module that
 * notifies someone goes through here.
 */
export async function notifyUser(db: Executor, values: NewNotification): Promise<{ id: string }> {
  const row = await insertNotification(db, values);
  await queueLiveEvent(db, values.userId, { type: 'notification', id: row.id });
  return row;
}
