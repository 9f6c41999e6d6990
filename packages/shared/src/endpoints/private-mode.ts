/** The private-mode module's operations (apps/server/src/modules/private-mode). */
export {};
