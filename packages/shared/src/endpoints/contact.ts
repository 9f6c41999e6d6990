/** The contact module's operations (apps/server/src/modules/contact). */
export {};
