/** The dev-mail module's operations (apps/server/src/modules/dev-mail). */
export {};
