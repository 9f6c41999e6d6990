/** The pricing module's operations (apps/server/src/modules/pricing). */
export {};
