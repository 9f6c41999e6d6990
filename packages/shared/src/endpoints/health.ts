/** The health module's operations (apps/server/src/modules/health). */
export {};
