/** The key-pairs module's operations (apps/server/src/modules/key-pairs). */
export {};
