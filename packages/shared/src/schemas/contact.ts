import { z } from 'zod';
import { CONTACT_LIMITS, MESSAGES } from '../constants.ts';
import { StoredText } from './text.ts';

export const ContactTopic = z.enum(['general', 'support', 'billing', 'privacy', 'feedback']);
export type ContactTopic = z.infer<typeof ContactTopic>;

export const CreateContactMessageInput = z
  .object({
    name: StoredText.trim()
      .min(1, 'Please enter your name')
      .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`),
    email: z.string().trim().toLowerCase().max(CONTACT_LIMITS.email).pipe(z.email(MESSAGES.invalidEmail)),
    topic: ContactTopic.default('general'),
    subject: StoredText.trim()
      .min(1, 'Please enter a subject')
      .max(CONTACT_LIMITS.subject, `Subject must be at most ${CONTACT_LIMITS.subject} characters`),
    message: StoredText.trim()
      .min(10, 'Please write at least 10 characters')
      .max(
        CONTACT_LIMITS.message,
        `Message must be at most ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters`,
      ),
  })
  .meta({ id: 'CreateContactMessageInput' });
export type CreateContactMessageInput = z.input<typeof CreateContactMessageInput>;

export const ContactMessageCreated = z
  .object({ id: z.string().uuid(), createdAt: z.string() })
  .meta({ id: 'ContactMessageCreated' });
export type ContactMessageCreated = z.infer<typeof ContactMessageCreated>;
