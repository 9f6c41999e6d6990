import { PRIVATE_MODE, PRIVATE_MODE_NOTICES } from './private-mode-constants.ts';

/*
 * Private mode's words (ADR 089, 095, 096): apart from its numbers (private-mode-constants.ts), which the entries'
 * schemas read on every page, so that the pages that never speak of private mode (the prerendered ones, whose
 * budgets are tight) do not carry them.
 */

export const PRIVATE_MODE_MESSAGES = {
  passphraseTooShort: `Use at least ${PRIVATE_MODE.passphraseMinLength} characters: a few words you will remember is a good passphrase`,
  passphraseTooLong: `A passphrase can be at most ${PRIVATE_MODE.passphraseMaxLength.toLocaleString('en-US')} characters`,
  passphraseIsPassword:
    'Choose a passphrase that is not your sign-in password: the server sees your password each time you sign in',
  passphrasesDiffer: 'The two passphrases are not the same',
  passphraseWrong:
    'That passphrase does not open your journal. Check it and try again, or use your recovery key.',
  recoveryKeyWrong:
    'This recovery key does not open your journal. Check that it is the one made for this account.',
  recoveryWordCount: (count: number) =>
    `A recovery key is ${PRIVATE_MODE.recoveryWords} words; you entered ${count}.`,
  recoveryWordUnknown: (word: string, position: number) =>
    `"${word}" (word ${position}) is not a recovery key word. Check its spelling.`,
  recoveryChecksum:
    'These words are not a recovery key: a word may be wrong or out of order. Check them against your copy.',
  kdfTooWeak:
    'The server offered key settings weaker than Daybook allows, so your passphrase was not used. Contact the operator.',
  keyMaterialDamaged: PRIVATE_MODE_NOTICES.keyMaterialDamaged,
  notSetUp: 'Private mode is not set up for this account',
  alreadySetUp: 'Private mode is already set up for this account',
  keyProofWrong:
    'Unlock your journal again, then try once more: this browser does not hold your current key.',
  setUp: 'Private mode is set up. Keep your recovery key somewhere safe.',
  passphraseChanged: 'Your passphrase is changed. Your entries were not touched.',
  recoveryKeyReplaced: 'Your new recovery key is ready; the old one no longer opens your journal.',
  startedFresh: 'Your old private key is gone. You can set up private mode again with a new passphrase.',
  /** A version-2 entry sent by an account without private mode (a browser holding a key from before a fresh start). */
  entryWithoutPrivateMode:
    'Private mode is not set up for this account, so this entry cannot be saved with a private key. Reload the page and write it again.',
  /** A version-1 entry sent by an account in private mode: the server would be able to read it. */
  entryNeedsPrivateKey:
    'Your journal is in private mode: unlock it with your passphrase, then save again, so that only you can read this entry.',
  /** A version-2 letter to the future self sent by an account without private mode (ADR 098). */
  futureMessageWithoutPrivateMode:
    'Private mode is not set up for this account, so this message cannot be sealed with a private key. Reload the page and write it again.',
  /** A version-1 letter sent by an account in private mode: the server would be able to read it. */
  futureMessageNeedsPrivateKey:
    'Your journal is in private mode: unlock it with your passphrase, then schedule again, so that only you can read this message.',
  /** A version-2 letter shown while this browser session holds no unlocked key. */
  futureMessageLocked: PRIVATE_MODE_NOTICES.futureMessageLocked,
  /** A letter sent to be sealed with the private key that already is (switching on, run twice). */
  futureMessageAlreadyPrivate: 'This message is already sealed with your private key.',
  /** Switching off (ADR 097, amended): a letter turned back already (another tab, a resumed run). */
  futureMessageAlreadyReadable: 'This message is no longer sealed with your private key.',
  /** A version-2 entry shown while this browser session holds no unlocked key. */
  entryLocked: PRIVATE_MODE_NOTICES.entryLocked,
  /** What the server cannot compute for a private-mode account (ADR 094). */
  unavailableInPrivateMode: (feature: string) =>
    `${feature} is not available in private mode yet: the server cannot read your entries or moods.`,
  unavailable:
    'Private mode needs a secure connection (HTTPS or localhost) and a browser with WebCrypto and WebAssembly.',
} as const;

/**
 * Private mode's media messages (ADR 096), apart from PRIVATE_MODE_MESSAGES so that the pages that never show a file
 * (the prerendered ones, whose budgets are tight) do not carry them.
 */
export const PRIVATE_MEDIA_MESSAGES = {
  /** A file sealed under the account key (ADR 096) shown while this browser session holds no unlocked key. */
  locked: PRIVATE_MODE_NOTICES.mediaLocked,
  /** A file under the account key that did not open: another key (a fresh start since) or damaged. */
  unopened:
    'This attachment could not be opened with your key: it may be from before a fresh start, or damaged.',
  /** A file sealed in the browser (key kind 1) sent by an account without private mode. */
  withoutPrivateMode:
    'Private mode is not set up for this account, so this file cannot be stored under a private key. Reload the page and attach it again.',
  /** A file the server could read (plain or under its key) sent for an account in private mode. */
  needsPrivateKey:
    'Your journal is in private mode: unlock it with your passphrase, then attach the file again, so that only you can open it.',
  /** A sealed upload whose container is not one the server accepts (header, size, kind). */
  containerInvalid: 'This file was not sealed correctly in your browser. Attach it again.',
} as const;

/**
 * What each mode protects against, in plain words (ADR 089's text, shortened for the screens of ADR 095): the
 * registration choice and the profile's "Private mode" section say the same thing.
 */
export const PRIVATE_MODE_COPY = {
  standardChoice:
    'Encrypted on our server: a stolen database or backup reveals nothing, but the server itself can read your journal, and a forgotten password is reset by e-mail.',
  privateChoice:
    'Only your passphrase or recovery key opens your journal: not us, not the operator, not a seized server. Lose both and nobody can read it again.',
  protects: [
    'Your entries and moods, photos, voice notes, videos and letters to your future self are sealed in this browser before they are sent. Only your passphrase, or the recovery key you save now, opens them.',
    'The server, whoever runs it, someone who seizes or copies it with its secrets, and a stolen backup see only sealed text.',
  ],
  doesNotProtect: [
    'A compromised browser or device, or server code changed to send your passphrase away as you type it (the page comes from the server).',
    'When you write, how much, the types and sizes of files, your plan and whom you share with: the server still sees these.',
  ],
  passphraseAdvice:
    'Choose a passphrase you do not use anywhere else, not your sign-in password. A few unrelated words is a good one: whoever holds a copy of the server can try guesses against it, each one slow on purpose.',
  bothLost:
    'Without your passphrase or your recovery key, nobody can read your private entries any more: not you, not us, not the operator. This is what keeps them private.',
  startFreshConfirmation: 'start fresh',
} as const;
