/** The export module's operations (apps/server/src/modules/export). */
export {};
