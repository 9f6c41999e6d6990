/** The import module's operations (apps/server/src/modules/import). */
export {};
