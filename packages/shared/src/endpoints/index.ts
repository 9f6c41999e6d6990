/**
 * Every operation of the API, one file per server module (ADR 106): `api.entries.list` is `GET /api/entries`.
 * Namespaces, so that a caller names the feature and the operation, and the web's build keeps only what it calls.
 */
export * as account from './account/index.ts';
export * as admin from './admin/index.ts';
export * as ai from './ai/index.ts';
export * as auth from './auth/index.ts';
export * as billing from './billing/index.ts';
export * as companions from './companions/index.ts';
export * as contact from './contact/index.ts';
export * as devMail from './dev-mail/index.ts';
export * as entries from './entries/index.ts';
export * as events from './events/index.ts';
export * as export from './export/index.ts';
export * as futureMessages from './future-messages/index.ts';
export * as health from './health/index.ts';
export * as import from './import/index.ts';
export * as keyPairs from './key-pairs/index.ts';
export * as media from './media/index.ts';
export * as moderation from './moderation/index.ts';
export * as notifications from './notifications/index.ts';
export * as pricing from './pricing/index.ts';
export * as privateMode from './private-mode/index.ts';
export * as reminders from './reminders/index.ts';
export * as sharing from './sharing/index.ts';
