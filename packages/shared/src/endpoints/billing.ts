/** The billing module's operations (apps/server/src/modules/billing). */
export {};
