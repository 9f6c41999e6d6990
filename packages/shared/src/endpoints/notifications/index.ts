/** The notifications module's operations (apps/server/src/modules/notifications). */
export { list } from './list.ts';
export { read } from './read.ts';
export { readAll } from './read-all.ts';
export { remove } from './remove.ts';
export { summary } from './summary.ts';
