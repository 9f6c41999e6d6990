/*
 * Switching an existing account into private mode and back (ADR 097): the sizes of the re-encryption's pages and
 * batches, and what the person and the API are told. Apart from private-mode-constants.ts so that the switch's
 * words load with the switch, not with the key screens.
 */

export const PRIVATE_SWITCH = {
  /** Entries answered per page of the re-encryption list: enough for a few batches, small enough to answer fast. */
  pageSize: 100,
  /** Entries sent per re-encrypt request: one short transaction each, and a cancel waits for at most this many. */
  batchSize: 25,
} as const;

export const PRIVATE_SWITCH_MESSAGES = {
  /** The banner and the profile: entries still sealed under the key the server can derive. */
  readableByServer: (count: number) =>
    count === 1
      ? '1 entry is still readable by the server. Continue to make it private.'
      : `${count.toLocaleString('en-US')} entries are still readable by the server. Continue to make them private.`,
  /** Said beside "Continue": a shared entry made private can no longer be opened for the person it was shared with. */
  sharesEnd:
    'Entries you shared stop being shared once they are private: the server can no longer open them for the people you shared them with, who are told.',
  switchingOn: 'Making your entries private…',
  switchedOn: 'Every entry is now private: only your passphrase or recovery key opens them.',
  switchingOff: 'Making your entries readable by the server again…',
  switchedOff:
    'Private mode is off. Your entries are encrypted at rest as before, and the operator can read them again.',
  cancelled: 'Stopped. What was done is kept; continue whenever you like.',
  /** What switching off gives up, said before it starts. */
  offWarning:
    'Switching private mode off re-encrypts every entry, photo, voice note, video and letter to your future self with the key the server holds. The server, and an operator with the database and its secret, can then read them and your moods again. Your passphrase and recovery key stop working once it is done.',
  /** Entries the browser could not open (damaged, or sealed under another key): they stay as they are. */
  unreadable: (count: number) =>
    count === 1
      ? '1 entry could not be opened and was left as it is.'
      : `${count.toLocaleString('en-US')} entries could not be opened and were left as they are.`,
  needsUnlock:
    'Unlock your journal with your passphrase first: the entries are re-encrypted in this browser.',
  /** A re-encrypt toward version 2 while the account is switching off (another tab started it). */
  switchingOffUnderway:
    'Private mode is being switched off: continue switching off, or cancel it, before making entries private.',
  /** A re-encrypt toward version 1 while the account is not switching off. */
  notSwitchingOff: 'Private mode is not being switched off, so entries stay private. Reload the page.',
  /** Finishing while version-2 entries remain. */
  privateEntriesRemain: (count: number) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? 'entry is' : 'entries are'} still private: continue switching off first.`,
  /**
   * Letters to the future self still sealed under the account's key (ADR 098) when a switch off would finish: the
   * letters' step turns them back first.
   */
  privateLettersRemain: (count: number) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? 'letter to your future self is' : 'letters to your future self are'} still sealed with your private key: continue switching off first, so that ${count === 1 ? 'it is' : 'they are'} not left without a key.`,
  /**
   * Photos, voice notes, videos and their thumbnails still sealed in the browser under the account's key (ADR 096)
   * when a switch off would finish: the media step turns them back first.
   */
  privateMediaRemain: (count: number) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? 'file (a photo, voice note, video or thumbnail) is' : 'files (photos, voice notes, videos or thumbnails) are'} still sealed with your private key: continue switching off first, so that none is left without a key.`,
  /** A plaintext attachment or letter sent back while the account is not switching off. */
  unsealNotSwitchingOff:
    'Private mode is not being switched off, so this stays sealed with your private key. Reload the page.',
  cancelledOff:
    'Switching off is cancelled: private mode stays on. Continue to make every entry private again.',
  failed: 'The re-encryption stopped: check your connection and continue. What was done is kept.',
} as const;
