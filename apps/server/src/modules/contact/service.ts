import type { ContactMessageCreated, CreateContactMessageInput } from '@daybook/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { contactMessageMail } from '../../infra/mail/templates.ts';
import type { Clock } from '../../lib/clock.ts';
import type { createContactRepository } from './repository.ts';

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
  };
}
