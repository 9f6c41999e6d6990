/** The ai module's operations (apps/server/src/modules/ai). */
export {};
