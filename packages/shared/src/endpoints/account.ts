/** The account module's operations (apps/server/src/modules/account). */
export {};
