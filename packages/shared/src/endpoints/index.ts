/**
 * Every operation of the API, one file per server module (ADR 106): `api.entries.list` is `GET /api/entries`.
 * Namespaces, so that a caller names the feature and the operation, and the web's build keeps only what it calls.
 */
export * as account from './account.ts';
export * as admin from './admin.ts';
export * as ai from './ai.ts';
export * as auth from './auth.ts';
export * as billing from './billing.ts';
export * as companions from './companions.ts';
export * as contact from './contact.ts';
export * as devMail from './dev-mail.ts';
export * as entries from './entries.ts';
export * as events from './events.ts';
export * as export from './export.ts';
export * as futureMessages from './future-messages.ts';
export * as health from './health.ts';
export * as import from './import.ts';
export * as keyPairs from './key-pairs.ts';
export * as media from './media.ts';
export * as moderation from './moderation.ts';
export * as notifications from './notifications.ts';
export * as pricing from './pricing.ts';
export * as privateMode from './private-mode.ts';
export * as reminders from './reminders.ts';
export * as sharing from './sharing.ts';
