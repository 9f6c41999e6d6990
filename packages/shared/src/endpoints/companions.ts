/** The companions module's operations (apps/server/src/modules/companions). */
export {};
