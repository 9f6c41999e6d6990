/** The media module's operations (apps/server/src/modules/media). */
export {};
