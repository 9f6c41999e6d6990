/** The dev-mail module's operations (apps/server/src/modules/dev-mail): the local mailbox, development only. */
export { list } from './list.ts';
export { styleSheet } from './style-sheet.ts';
