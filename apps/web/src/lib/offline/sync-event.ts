/** Fired on window when the service worker's Background Sync asks open windows to send queued entries. */
export const SYNC_ENTRIES_EVENT = 'daybook:sync-entries';
