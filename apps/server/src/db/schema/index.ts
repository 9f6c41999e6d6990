export * from './ai.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './imports.ts';
export * from './journal.ts';
export * from './operations.ts';
export * from './reminders.ts';
export * from './sharing.ts';
