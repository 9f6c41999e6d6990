/** The notifications module's operations (apps/server/src/modules/notifications). */
export {};
