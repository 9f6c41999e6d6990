import { ENTRY_LIMITS } from '../constants.ts';
import { extractHashtags, themeTerm } from './entry-search.ts';

/*
 * How another journal's text becomes Daybook entry text on import (ADR 037). Pure, so the preview and the import
 * agree and both are unit-tested.
 */

/** At most this many entries are made from one long entry; longer ones are reported as skipped. */
export const MAX_IMPORT_PARTS = 20;

/**
 * Day One's inline references to an attachment: `![](dayone-moment://<id>)`, also `dayone-moment:/audio/<id>`,
 * `/video/` and `/pdfAttachment/`. The first group is the attachment's `identifier`.
 */
const DAYONE_MOMENT =
  /!?\[[^\]\n]*\]\(dayone-moment:\/*(?:(?:photo|audio|video|pdfAttachment|pdf)\/)?([^)\s/]*)\)/gi;

/**
 * A link from one Day One entry to another (`dayone2://view?entryId=<uuid>`, perhaps with `&journalId=`), as a
 * Markdown link's address or bare in the text. The group is the linked entry's uuid.
 */
const DAYONE_LINK = /(\]\()?dayone2:\/\/view\?[^)\s]*?\bentryId=([0-9A-Za-z-]{1,100})[^)\s]*/g;

/** Where an imported entry's link to another imported entry leads in Daybook (ADR 088): `/entry/dayone/<uuid>`. */
export const importedEntryPath = (source: 'dayone', uuid: string) => `/entry/${source}/${uuid}`;

/** The scheme of the mark that stands where an attachment sits in an imported entry's text (ADR 088). */
export const ATTACHMENT_MARK_SCHEME = 'attachment:';

/**
 * The mark of an entry's attachment in its text (ADR 088): a Markdown image whose description names it as the card's
 * gallery does ("Photo 2") and whose address is its number among the entry's attachments. Read as text it says
 * "Photo 2" (search, previews, the e-mail of a share); the card draws it as a pointer to that attachment.
 */
export const attachmentMark = (name: string, number: number) =>
  `![${name} ${number}](${ATTACHMENT_MARK_SCHEME}${number})`;

/** The attachment number of a mark's address (`attachment:2` → 2), or null for any other address. */
export function attachmentMarkNumber(url: string): number | null {
  const match = /^attachment:([1-9]\d{0,2})$/.exec(url);
  return match ? Number(match[1]) : null;
}

/**
 * Day One text with each attachment reference replaced by what `place` gives for its identifier (an attachment's
 * mark, ADR 088), or removed when it gives null (an attachment not imported, which the preview lists by name).
 */
export function placeDayOneMoments(text: string, place: (identifier: string) => string | null): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(DAYONE_MOMENT, (_, identifier: string) => place(identifier) ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Day One text without its attachment references; the attachment itself is imported (or reported) separately. */
export function stripDayOneMoments(text: string): string {
  return placeDayOneMoments(text, () => null);
}

/** Whether Day One text refers to its attachments in place. */
export const hasDayOneMoments = (text: string) => new RegExp(DAYONE_MOMENT.source, 'i').test(text);

/**
 * Day One's links between entries as links to the imported entry (ADR 088): `[the hike](dayone2://view?entryId=X)`
 * becomes `[the hike](/entry/dayone/X)`, a bare `dayone2://…` link `[Linked entry](/entry/dayone/X)`. What such a
 * link opens is the entry imported from X, if the person has it.
 */
export function linkDayOneEntries(text: string): string {
  return text.replace(DAYONE_LINK, (_, inLink: string | undefined, uuid: string) =>
    inLink
      ? `](${importedEntryPath('dayone', uuid)}`
      : `[Linked entry](${importedEntryPath('dayone', uuid)})`,
  );
}

/**
 * A Day One tag as a Daybook theme (a hashtag, entry-search.ts): lower case, spaces and punctuation become
 * hyphens, so "Family Trips" is #family-trips. Null for a tag with no letter, which cannot be a theme.
 */
export function tagToHashtag(tag: string): string | null {
  const term = themeTerm(tag)
    .replace(/[^\p{L}\p{N}_]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return /\p{L}/u.test(term) ? `#${term}` : null;
}

/**
 * The distinct hashtags of a list of tags, in order, dropping those the text already has; tags that cannot be
 * themes (no letter: "2019") follow as words, "Tags: 2019", so that no tag is lost (ADR 070).
 */
function hashtagLine(text: string, tags: readonly string[]): string {
  const present = new Set(extractHashtags(text));
  const unique = [...new Set(tags.map(tagToHashtag).filter((t): t is string => t !== null))];
  const words = [
    ...new Set(tags.filter((tag) => tagToHashtag(tag) === null).map((tag) => tag.trim())),
  ].filter(Boolean);
  let line = '';
  const add = (piece: string, separator: string) => {
    // A line of tags never crowds out the text: at most a fifth of an entry.
    if (line.length + piece.length + separator.length > MAX_TAG_LINE) return false;
    line = line ? `${line}${separator}${piece}` : piece;
    return true;
  };
  for (const tag of unique.filter((t) => !present.has(t))) if (!add(tag, ' ')) break;
  if (words.length > 0) add(`Tags: ${words.join(', ')}`, line ? ' · ' : '');
  return line;
}

const MAX_TAG_LINE = ENTRY_LIMITS.maxChars / 5;

/** Cuts `text` into pieces of at most `max` characters, at a paragraph break, else a line, else a space. */
export function splitText(text: string, max: number): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    const cut = [window.lastIndexOf('\n\n'), window.lastIndexOf('\n'), window.lastIndexOf(' ')].find(
      (at) => at > max / 2,
    );
    const at = cut ?? max;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest || parts.length === 0) parts.push(rest);
  return parts;
}

/** Said at the end of each piece of a split entry. */
export const partMark = (part: number, of: number) => `(part ${part} of ${of})`;

export type ImportedText = { parts: string[] } | { parts: null; reason: 'too_long' };

/**
 * The text of one imported entry, with its tags appended as a last line of hashtags (the only way Daybook stores
 * themes). An entry longer than the 5,000-character limit is split into consecutive entries, each ending with
 * "(part 2 of 3)" and the same hashtags, rather than cut: nothing the person wrote is lost (ADR 037, ADR 070).
 * Beyond MAX_IMPORT_PARTS pieces it is reported instead.
 */
export function importedText(text: string, tags: readonly string[] = []): ImportedText {
  const body = text.replace(/\r\n?/g, '\n').trim();
  const line = hashtagLine(body, tags);
  const suffix = line ? `${body ? '\n\n' : ''}${line}` : '';
  if (body.length + suffix.length <= ENTRY_LIMITS.maxChars) return { parts: [body + suffix] };
  // Room for "(part 20 of 20)" and the tags after a blank line each.
  const room =
    ENTRY_LIMITS.maxChars -
    (line ? line.length + 2 : 0) -
    partMark(MAX_IMPORT_PARTS, MAX_IMPORT_PARTS).length -
    2;
  const parts = splitText(body, room);
  if (parts.length > MAX_IMPORT_PARTS) return { parts: null, reason: 'too_long' };
  return {
    parts: parts.map((part, index) => {
      const marked = `${part}\n\n${partMark(index + 1, parts.length)}`;
      return line ? `${marked}\n\n${line}` : marked;
    }),
  };
}
