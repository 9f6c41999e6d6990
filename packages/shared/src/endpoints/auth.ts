/** The auth module's operations (apps/server/src/modules/auth). */
export {};
