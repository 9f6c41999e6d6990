/** The reminders module's operations (apps/server/src/modules/reminders). */
export {};
