import { createRemindersContext, type RemindersDeps } from './context.ts';
import { createReminderDelivery } from './delivery.ts';
import { createReminderPush } from './push.ts';
import { createReminderSettings } from './settings.ts';
import { createUnsubscribeLinks } from './unsubscribe-links.ts';

export { REMINDER_DELIVERY, REMINDER_NOTIFICATION } from './context.ts';
export type { ReminderRunReport } from './delivery.ts';

/*
 * Reminders, one part per audience or operation (ADR 100): a person's settings (settings.ts), the daily job
 * (delivery.ts) and its Web Push (push.ts), over one context (context.ts) and the e-mail's unsubscribe links
 * (unsubscribe-links.ts). Routes and jobs see one service, as before.
 */
export function createRemindersService(deps: RemindersDeps) {
  const ctx = createRemindersContext(deps);
  const links = createUnsubscribeLinks(ctx);
  return {
    ...createReminderSettings(ctx, links),
    ...createReminderDelivery(ctx, links),
    ...createReminderPush(ctx),
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
