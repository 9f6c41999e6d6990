import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

export type NewNotification = {
  userId: string;
  type: string;
  title: string;
  message: string;
  metadata?: Record<string, unknown>;
  createdAt?: Date;
};

export async function insertNotification(db: Executor, values: NewNotification): Promise<{ id: string }> {
  const [row] = await db
    .insert(notifications)
    .values({ ...values, metadata: values.metadata ?? {} })
    .returning({ id: notifications.id });
  return row!;
}
