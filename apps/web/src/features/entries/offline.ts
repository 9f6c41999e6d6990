/** What the quick entry card and the queue say about writing without a network (ADR 041). */
export const OFFLINE_MESSAGES = {
  queued: "Saved on this device. It will be sent when you're back online.",
  noMedia:
    "Photos, voice notes and videos can't be saved offline. Remove the attachment, or save when you're back online.",
  noKey: 'Your encryption key is not available offline in this window. Save again once you are back online.',
  queueFailed:
    "Couldn't keep the entry on this device. Copy your text and try again when you're back online.",
  waiting: 'Waiting to sync',
  refused: 'Not saved',
  sent: (count: number) =>
    count === 1 ? 'Your entry written offline is saved.' : `Your ${count} entries written offline are saved.`,
  refusedToast: 'An entry written offline was not saved. See "Waiting to sync" to copy or discard it.',
  copied: 'Text copied',
  discarded: 'Entry discarded',
} as const;
