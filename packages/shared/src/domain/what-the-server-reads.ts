/**
 * What the server can read, feature by feature, in each mode (ADR 101). One source for the privacy page, the
 * Features page and the README, so none of them can say more than the others: a test renders each from here.
 * Every cell is a plain sentence a person can check against what the app does; change one only with the code.
 */

export type EncryptionModeColumn = 'standard' | 'private';

export type ServerReadsRow = {
  id: string;
  /** What the row is about, as a person names it. */
  subject: string;
} & Record<EncryptionModeColumn, string>;

export const ENCRYPTION_MODE_LABELS: Record<EncryptionModeColumn, string> = {
  standard: 'Standard',
  private: 'Private mode',
};

export const WHAT_THE_SERVER_READS: readonly ServerReadsRow[] = [
  {
    id: 'key',
    subject: 'The key to your journal',
    standard: 'The server can derive it at any time from its own secret.',
    private:
      'Made in your browser. The server keeps it only locked under your passphrase and under your recovery key, and has neither.',
  },
  {
    id: 'entries',
    subject: 'The text of your entries',
    standard:
      'Encrypted in your browser. The server decrypts it in memory when you save or edit an entry, to check its length and safety, and stores only the encrypted text.',
    private:
      'Never. Encrypted in your browser under your own key; your browser checks its length and safety before it is sent.',
  },
  {
    id: 'moods',
    subject: 'Moods',
    standard: 'Stored in plain form, for the mood ring, mood insights and analytics.',
    private:
      'Never. Encrypted with the entry and padded, so its length says nothing; the mood ring, mood insights and analytics are counted in your browser.',
  },
  {
    id: 'media',
    subject: 'Photos, voice notes, videos and their thumbnails',
    standard:
      'Encrypted at rest with a key derived from the server’s secret. The server opens a file to send it to you, make its thumbnail, check it for safety, export or import it.',
    private:
      'Never. Encrypted in your browser under your own key, with the thumbnail made and the safety check run there; the server stores and sends the encrypted file.',
  },
  {
    id: 'letters',
    subject: 'Letters to your future self',
    standard:
      'The server decrypts a letter to check its length and, at the time you chose, to send it; the e-mail carries it in readable form.',
    private:
      'Never, unless you tick “Include the message in the e-mail” for one letter: the server then reads that letter to send it, and deletes its readable copy once the e-mail is queued. Otherwise the e-mail only says a message is waiting.',
  },
  {
    id: 'search',
    subject: 'Search, themes and On This Day',
    standard: 'Done in your browser over the entries it decrypts; the server keeps no index of your words.',
    private: 'Done in your browser over the entries it decrypts; the server keeps no index of your words.',
  },
  {
    id: 'sharing',
    subject: 'Sharing an entry by e-mail',
    standard:
      'When someone you shared an entry with opens it, the server decrypts that one entry to show it to them.',
    private:
      'Your browser seals a copy of the entry (its text, mood and, if you include it, its media) for each share, and the server stores only that ciphertext. Someone with a Daybook account opens it with their own key; a private link carries its key in the part of the address the server never receives. Only “E-mail it”, for someone without an account, gives the server the key to that one copy. The note you add is not sealed: the server checks it for safety and shows it.',
  },
  {
    id: 'thanks',
    subject: 'Thank-you notes you receive',
    standard:
      'Checked for safety in the sender’s browser, then sealed there to your account’s public key. Its private half is kept wrapped under your standard key, which the server can derive, so the server could open them as it can your entries. A note sent from an app not yet updated, or before your first sign-in since key pairs, is checked and encrypted by the server.',
    private:
      'Checked for safety in the sender’s browser, then sealed there to your public key, whose private half is kept wrapped under your account key: the server cannot open them. A note sent from an app not yet updated is read by the server to check it before it is sealed. Notes the server encrypted with your standard key (sent before you had a key pair, or while your journal was standard) are sealed to your key pair when its private half goes under your account key, and the server can no longer read them; a key pair made before you turned private mode on was open to the server until then.',
  },
  {
    id: 'ai',
    subject: 'AI Assist, insights, the coach and future-self chat',
    standard:
      'The server decrypts what the feature you start reads and sends it to the AI provider the operator configured.',
    private:
      'Only with your consent, asked per feature and naming the provider’s host: your browser then decrypts what the feature reads and sends it with the request; the server passes it to the provider and keeps and logs none of it. Conversations, the replies included, are encrypted in your browser under your own key, those from before private mode too when you switch it on.',
  },
  {
    id: 'archive',
    subject: 'Export and import',
    standard:
      'The server decrypts your entries into the archive you download, and encrypts an imported archive’s text before storing it.',
    private:
      'Done in your browser: it builds the archive from what it decrypts, and reads, checks and encrypts an imported archive; the server receives only encrypted entries, each with a keyed name so that a second import skips it, and its photos, voice notes, videos and PDFs, each encrypted in your browser before it is sent.',
  },
  {
    id: 'metadata',
    subject: 'Dates, media types and sizes, your plan, whom you share with',
    standard: 'Visible to the server, which needs them to run your journal.',
    private: 'Visible to the server, which needs them to run your journal.',
  },
];

export type ProtectionRow = {
  id: string;
  /** Who or what might read a journal. */
  threat: string;
} & Record<EncryptionModeColumn, string>;

/** What each mode protects against, and what neither does (ADR 089's plain words). */
export const WHAT_EACH_MODE_PROTECTS: readonly ProtectionRow[] = [
  {
    id: 'database-copy',
    threat: 'A copy of the database, or of the media files, alone',
    standard: 'Protected: it opens nothing without the server’s secret.',
    private: 'Protected.',
  },
  {
    id: 'stolen-backup',
    threat: 'A stolen backup that also holds the server’s secret',
    standard: 'Not protected: the two together open everything.',
    private: 'Protected: only your passphrase or recovery key opens your journal.',
  },
  {
    id: 'operator',
    threat: 'A curious operator of the server',
    standard: 'Not protected: the server can read your journal.',
    private:
      'Protected, except what you choose to send it (a letter you tick to include in its e-mail). Choose a strong passphrase: whoever holds the data can try guesses, each one slow on purpose.',
  },
  {
    id: 'seized-server',
    threat: 'Someone who seizes or copies the whole server with its secrets',
    standard: 'Not protected.',
    private: 'Protected, as from the operator.',
  },
  {
    id: 'compromised-browser',
    threat: 'A compromised browser or device, or server code changed to send your passphrase away',
    standard: 'Not protected.',
    private: 'Not protected: the page that asks for your passphrase comes from the server.',
  },
  {
    id: 'metadata',
    threat: 'When you write, how much, the types and sizes of files, your plan, whom you share with',
    standard: 'Not hidden.',
    private: 'Not hidden.',
  },
  {
    id: 'lost-keys',
    threat: 'Losing access',
    standard: 'A password reset by e-mail restores everything.',
    private:
      'A password reset restores sign-in; your journal needs your passphrase or recovery key. Lose both and nobody can read it again, the operator included.',
  },
];

const markdownCell = (text: string) => text.replaceAll('|', '\\|');

/** The two tables as Markdown, as the README holds them (a test keeps the README equal to this). */
export function encryptionModesMarkdown(): string {
  const table = (
    first: string,
    rows: readonly (Record<EncryptionModeColumn, string> & { label: string })[],
  ) =>
    [
      `| ${first} | ${ENCRYPTION_MODE_LABELS.standard} | ${ENCRYPTION_MODE_LABELS.private} |`,
      '| --- | --- | --- |',
      ...rows.map(
        (row) =>
          `| ${markdownCell(row.label)} | ${markdownCell(row.standard)} | ${markdownCell(row.private)} |`,
      ),
    ].join('\n');
  return [
    table(
      'What the server can read',
      WHAT_THE_SERVER_READS.map((row) => ({ ...row, label: row.subject })),
    ),
    '',
    table(
      'Protected against',
      WHAT_EACH_MODE_PROTECTS.map((row) => ({ ...row, label: row.threat })),
    ),
  ].join('\n');
}
