/** The events module's operations (apps/server/src/modules/events). */
export {};
