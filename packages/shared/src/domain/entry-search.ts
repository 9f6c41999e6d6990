/*
 * Search and themes over decrypted entries. The server holds only ciphertext, so both run in the browser
 * (docs/design.md#design-open-values): search is case-insensitive over the text, title and category (docs/product/search.md#search-rules); a theme is a
 * hashtag in the text (#work), and choosing one keeps the entries that mention it. Both read the text as a reader
 * sees it, not its Markdown: `Buttes\-Chaumont` is found by "Buttes-Chaumont" (ADR 064).
 */
import { markdownToPlainText } from './markdown.ts';

/** What search and themes look at: the decrypted text and the two plaintext columns. */
export type SearchableEntry = {
  /** Markdown, as stored. */
  text: string;
  title: string | null;
  category: string | null;
  /** Text that could not be decrypted cannot be ruled out, so the entry stays in the results. */
  isDecryptionFailed?: boolean;
  /**
   * `searchableText(text)`, when the caller keeps it: a journal of 10,000 entries is searched again on every
   * query, and reading each text's Markdown again each time was most of a search (ADR 069).
   */
  searchText?: string;
};

export type EntryCriteria = { query: string; theme: string | null };

/**
 * A hashtag: `#` after a start, a space or punctuation (not inside a word, a URL fragment or an HTML
 * entity), then letters, digits or underscores, with single hyphens between them, and at least one letter.
 */
const HASHTAG = /(?<![\p{L}\p{N}_&/#])#([\p{L}\p{N}_]+(?:-[\p{L}\p{N}_]+)*)/gu;
const HAS_LETTER = /\p{L}/u;

const fold = (value: string) => value.toLocaleLowerCase('en-US');

/** "#work" → "work": the theme as it is matched and shown in its chip ("Theme: work"). */
export function themeTerm(theme: string): string {
  return fold(theme.trim().replace(/^#+/, ''));
}

/** The theme as a hashtag, "#work", whether given as "work", "#Work" or "##work". */
export function themeTag(theme: string): string {
  return `#${themeTerm(theme)}`;
}

export type TextSegment = { text: string; tag?: string };

/** Cuts a text into plain runs and hashtags (each with its lower-case tag), for rendering the tags as links. */
export function splitHashtags(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(HASHTAG)) {
    const name = match[1] ?? '';
    if (!HAS_LETTER.test(name)) continue;
    const start = match.index ?? 0;
    if (start > last) segments.push({ text: text.slice(last, start) });
    segments.push({ text: match[0], tag: `#${fold(name)}` });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last) });
  return segments;
}

/** The distinct hashtags of a text, lower case, in order of first appearance. */
export function extractHashtags(text: string): string[] {
  const tags = splitHashtags(text).flatMap((segment) => (segment.tag ? [segment.tag] : []));
  return [...new Set(tags)];
}

/**
 * The themes of a set of entries, most entries first (then alphabetically), at most `limit`.
 * Undecryptable text has no hashtags.
 */
export function collectThemes(
  entries: readonly SearchableEntry[],
  limit = Number.POSITIVE_INFINITY,
): string[] {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    if (entry.isDecryptionFailed) continue;
    for (const tag of extractHashtags(markdownToPlainText(entry.text)))
      counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .slice(0, limit)
    .map(([tag]) => tag);
}

/** The text as a reader sees it, in the case search compares: what search looks through. */
export const searchableText = (text: string) => fold(markdownToPlainText(text));

function contains(entry: SearchableEntry, term: string): boolean {
  if (!term) return true;
  if (entry.isDecryptionFailed) return true;
  return (
    (entry.searchText ?? searchableText(entry.text)).includes(term) ||
    [entry.title, entry.category].some((field) => field !== null && fold(field).includes(term))
  );
}

/** A piece of text, and whether it is what a search looked for. */
export type MatchRun = { text: string; isMatch: boolean };

/**
 * The text cut where the search query occurs, matched as search matches (case-insensitive, partial), so the
 * results can show the words found. An empty query leaves the text whole.
 */
export function matchRuns(text: string, query: string): MatchRun[] {
  const term = fold(query.trim());
  if (!term) return [{ text, isMatch: false }];
  // Folded character by character: a lower-case form may be longer than its letter ("İ"), so each folded
  // position keeps where its character starts in the text.
  let folded = '';
  const origin: number[] = [];
  let at = 0;
  for (const char of text) {
    const lower = fold(char);
    for (let k = 0; k < lower.length; k++) origin.push(at);
    folded += lower;
    at += char.length;
  }
  origin.push(text.length);

  const runs: MatchRun[] = [];
  let from = 0;
  for (let found = folded.indexOf(term); found !== -1; found = folded.indexOf(term, found + term.length)) {
    const start = origin[found]!;
    const end = origin[found + term.length]!;
    if (start > from) runs.push({ text: text.slice(from, start), isMatch: false });
    runs.push({ text: text.slice(start, end), isMatch: true });
    from = end;
  }
  if (from < text.length) runs.push({ text: text.slice(from), isMatch: false });
  return runs;
}

/** Case-insensitive, partial, over text, title and category; an empty query matches everything. */
export function matchesSearch(entry: SearchableEntry, query: string): boolean {
  return contains(entry, fold(query.trim()));
}

/** The theme with its leading # stripped, partial and case-insensitive over text, title and category. */
export function matchesTheme(entry: SearchableEntry, theme: string | null): boolean {
  return theme === null || contains(entry, themeTerm(theme));
}

export function matchesCriteria(entry: SearchableEntry, { query, theme }: EntryCriteria): boolean {
  return matchesSearch(entry, query) && matchesTheme(entry, theme);
}
