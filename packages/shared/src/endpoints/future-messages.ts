/** The future-messages module's operations (apps/server/src/modules/future-messages). */
export {};
