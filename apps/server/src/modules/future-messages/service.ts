import { createFutureMessagesContext, type FutureMessagesDeps } from './context.ts';
import { createFutureMessageDelivery } from './delivery.ts';
import { createDeliveryMail } from './delivery-mail.ts';
import { createFutureMessageSwitch } from './private-switch.ts';
import { createFutureMessageReading } from './reading.ts';
import { createFutureMessageScheduling } from './scheduling.ts';

export { type DeliveryFaults, toFutureMessage } from './context.ts';
export {
  DeliveryInterrupted,
  type DeliveryReport,
  FUTURE_MESSAGE_DELIVERY,
  FUTURE_MESSAGE_NOTIFICATION_TITLE,
} from './delivery.ts';
export { FAILURE_REASONS } from './delivery-mail.ts';

/*
 * Future messages, one part per audience or operation (ADR 100): the owner scheduling and cancelling
 * (scheduling.ts), the owner's reads (reading.ts), switching private mode (private-switch.ts) and the delivery
 * job (delivery.ts, over delivery-mail.ts), over one context (context.ts). Routes, jobs and the AI see one
 * service, as before.
 */
export function createFutureMessagesService(deps: FutureMessagesDeps) {
  const ctx = createFutureMessagesContext(deps);
  return {
    ...createFutureMessageScheduling(ctx),
    ...createFutureMessageReading(ctx),
    ...createFutureMessageSwitch(ctx),
    ...createFutureMessageDelivery(ctx, createDeliveryMail(ctx)),
  };
}

export type FutureMessagesService = ReturnType<typeof createFutureMessagesService>;
