/** The admin module's operations (apps/server/src/modules/admin). */
export {};
