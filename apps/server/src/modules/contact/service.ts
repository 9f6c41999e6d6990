import type {
  AdminContactMessage,
  ContactMessageCreated,
  ContactTopic,
  CreateContactMessageInput,
} from '@daybook/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { contactMessageMail } from '../../infra/mail/templates.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { ContactMessageRow, createContactRepository } from './repository.ts';

type ContactInput = z.output<typeof CreateContactMessageInput>;

export function createContactService(deps: {
  db: Db;
  repository: ReturnType<typeof createContactRepository>;
  contactEmail: string | undefined;
  clock: Clock;
}) {
  return {
    /** Stores the message and, when the operator set CONTACT_EMAIL, queues it for them in the same transaction. */
    async submit(input: ContactInput, userId: string | null = null): Promise<ContactMessageCreated> {
      return deps.db.transaction(async (tx) => {
        const row = await deps.repository.insert(tx, { ...input, userId });
        if (deps.contactEmail) {
          await enqueueMail(
            tx,
            { ...contactMessageMail(input), to: deps.contactEmail, replyTo: input.email },
            deps.clock.now(),
          );
        }
        return { id: row.id, createdAt: row.createdAt.toISOString() };
      });
    },

    /** The admin area's inbox (ADR 034). */
    async page(status: 'open' | 'handled' | 'all', offset: number, limit: number) {
      const { items, total } = await deps.repository.page(deps.db, status, offset, limit);
      return { items: items.map(adminContactMessage), total };
    },

    /**
     * Marks a message handled inside the caller's transaction (the admin area writes its audit row in it). Marking
     * a handled message again changes nothing and says so (`wasOpen`); NOT_FOUND when there is no such message.
     */
    async markHandled(tx: Executor, id: string, adminUserId: string | null) {
      const result = await deps.repository.markHandled(tx, id, adminUserId, deps.clock.now());
      if (!result) throw new AppError('NOT_FOUND', 'Message not found');
      return { message: adminContactMessage(result.row), wasOpen: result.wasOpen };
    },
  };
}

function adminContactMessage(row: ContactMessageRow): AdminContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    topic: row.topic as ContactTopic,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
  };
}
