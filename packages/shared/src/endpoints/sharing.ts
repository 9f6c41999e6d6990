/** The sharing module's operations (apps/server/src/modules/sharing). */
export {};
