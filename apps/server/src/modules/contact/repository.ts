import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';

export type NewContactMessage = typeof contactMessages.$inferInsert;

export function createContactRepository() {
  return {
    async insert(executor: Pick<Db, 'insert'>, message: NewContactMessage) {
      const [row] = await executor
        .insert(contactMessages)
        .values(message)
        .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
      return row!;
    },
  };
}
