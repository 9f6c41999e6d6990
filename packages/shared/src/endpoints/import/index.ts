/** The import module's operations (apps/server/src/modules/import). */
export { batches } from './batches.ts';
export { cancel } from './cancel.ts';
export { confirm } from './confirm.ts';
export { current } from './current.ts';
export { get } from './get.ts';
export { privateAttachment } from './private-attachment.ts';
export { privateBatch } from './private-batch.ts';
export { privateEntries } from './private-entries.ts';
export { privateKnown } from './private-known.ts';
export { removeBatch } from './remove-batch.ts';
export { upload } from './upload.ts';
