/** The reminders module's operations (apps/server/src/modules/reminders). */
export { get } from './get.ts';
export { save } from './save.ts';
export { sendNow } from './send-now.ts';
export { subscribePush } from './subscribe-push.ts';
export { unsubscribe } from './unsubscribe.ts';
export { unsubscribeOneClick } from './unsubscribe-one-click.ts';
export { unsubscribePush } from './unsubscribe-push.ts';
