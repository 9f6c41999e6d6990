/*
 * Entry text is Markdown (CommonMark with GitHub's extensions): Day One exports it, escapes and all
 * (`Buttes\-Chaumont`), and people type it. The browser renders it with a parser that only entries needing one
 * load (ADR 064). Search, truncation and previews work on the text as a reader sees it, which these functions
 * give without a parser: they run on the first screen and on the server, where a parser would be weight for
 * nothing.
 */

/** CommonMark lets a backslash escape any ASCII punctuation character. */
const ESCAPE = /\\([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])/g;

/**
 * Markup a renderer draws differently from the plain text (escapes and hard-break backslashes aside, which the
 * plain text resolves): block markers at a line's start, then inline spans. Each wants its closing half where
 * there is one, so a lone `*` or `_` in prose does not count.
 */
const MARKDOWN_SIGNS = [
  /^ {0,3}#{1,6}(?:[ \t]|$)/m, // heading
  /^ {0,3}>/m, // quote
  /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/m, // list item
  /^ {0,3}(?:```|~~~)/m, // fenced code
  /^ {0,3}(?:=+|-{2,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})[ \t]*$/m, // setext underline, thematic break
  /^[ \t]*\|?[ \t]*:?-+:?[ \t]*\|[ \t:|-]*$/m, // table delimiter row
  /(?:^|\n[ \t]*\n)(?: {4}|\t)[^\n]*\S/, // indented code
  /^ {0,3}\[[^\]\n]+\]:/m, // link reference definition
  /\*[^\s*][^\n]*?\*|\*\*[^\s*]/, // emphasis, strong
  /(?<![\p{L}\p{N}_])_[^\s_](?:[^\n]*?[^\s_])?_(?![\p{L}\p{N}_])/u, // emphasis with underscores
  /(?<!~)~~?[^\s~](?:[^~\n]*[^\s~])?~~?(?!~)/, // strikethrough
  /`[^`\n]*`/, // code span
  /\]\(|\]\[/, // link or image, inline or by reference
  /<(?:[a-z][a-z\d+.-]{1,31}:[^\s<>]*|[^\s<>@]+@[^\s<>]+)>/i, // autolink
  /\bhttps?:\/\/|\bwww\.|[\w.+-]+@[\w-]+\.[\w.-]*\w/, // GitHub's bare links
  /&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/i, // character reference
] as const;

/** True when the text has Markdown worth a renderer; false for prose, with or without escapes. */
export function looksLikeMarkdown(text: string): boolean {
  return MARKDOWN_SIGNS.some((sign) => sign.test(text));
}

/** `Buttes\-Chaumont` → `Buttes-Chaumont`, and a backslash that ends a line (a hard break) dropped. */
export function resolveMarkdownEscapes(text: string): string {
  return text.replace(ESCAPE, '$1').replace(/\\$/gm, '');
}

/**
 * The text a reader sees: escapes resolved, block and inline markup removed, a link's text kept (not its
 * address), an image's description kept, code kept as written. HTML is not markup here (it shows as text), and
 * lines stay lines. An approximation of the parser's reading for search and lengths, not a second renderer:
 * indented code, for one, is read as prose.
 */
export function markdownToPlainText(markdown: string): string {
  if (!looksLikeMarkdown(markdown)) return resolveMarkdownEscapes(markdown);
  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (fence !== null) {
      if (new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`).test(line))
        fence = null;
      else lines.push(line);
      continue;
    }
    const opening = FENCE_OPENING.exec(line);
    if (opening) {
      fence = opening[1] ?? '```';
      continue;
    }
    if (LINE_WITHOUT_TEXT.test(line)) continue;
    lines.push(inlineToPlainText(withoutBlockMarkers(line)));
  }
  return lines.join('\n');
}

const FENCE_OPENING = /^ {0,3}(`{3,}|~{3,})/;
/** Thematic breaks, setext underlines, table delimiter rows and link reference definitions hold no text. */
const LINE_WITHOUT_TEXT =
  /^(?: {0,3}(?:=+|-{2,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})[ \t]*|[ \t]*\|?[ \t]*:?-+:?[ \t]*\|[ \t:|-]*| {0,3}\[[^\]\n]+\]:.*)$/;

function withoutBlockMarkers(line: string): string {
  const unquoted = line.replace(/^(?: {0,3}>[ \t]?)+/, '');
  const unlisted = unquoted.replace(/^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]+\[[ xX]\])?(?:[ \t]+|$)/, '');
  const heading = /^ {0,3}#{1,6}(?:[ \t]+|$)/.exec(unlisted);
  if (!heading) return unlisted;
  return unlisted.slice(heading[0].length).replace(/(?:^|[ \t]+)#+[ \t]*$/, '');
}

/** Literal runs (code spans, escaped characters) are set aside first so that no later rule reads them. */
const SET_ASIDE = /\uE000(\d+)\uE001/g;

function inlineToPlainText(line: string): string {
  const literals: string[] = [];
  const setAside = (literal: string) => `\uE000${literals.push(literal) - 1}\uE001`;
  const plain = line
    .replace(/(`+)(.+?)(?<!`)\1(?!`)/g, (_, _ticks: string, code: string) =>
      setAside(/^ .* $/.test(code) ? code.slice(1, -1) : code),
    )
    .replace(ESCAPE, (_, character: string) => setAside(character))
    .replace(/\\$/, '')
    .replace(/<([a-z][a-z\d+.-]{1,31}:[^\s<>]*|[^\s<>@]+@[^\s<>]+)>/gi, '$1')
    .replace(/!?\[([^\]]*)\]\((?:[^()\n]|\([^()\n]*\))*\)/g, '$1')
    .replace(/!?\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/~~?([^\s~](?:[^~]*[^\s~])?)~~?/g, '$1')
    .replace(/\*\*(?=[^\s*])(.+?)(?<=[^\s*])\*\*/g, '$1')
    .replace(/\*(?=[^\s*])(.+?)(?<=[^\s*])\*/g, '$1')
    .replace(/(?<![\p{L}\p{N}])__(?=[^\s_])(.+?)(?<=[^\s_])__(?![\p{L}\p{N}])/gu, '$1')
    .replace(/(?<![\p{L}\p{N}])_(?=[^\s_])(.+?)(?<=[^\s_])_(?![\p{L}\p{N}])/gu, '$1')
    .replace(/&(#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/gi, decodeCharacterReference);
  return plain.replace(SET_ASIDE, (_, index: string) => literals[Number(index)] ?? '');
}

const NAMED_REFERENCES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00A0',
};

/** The common named references and every numeric one; rarer names stay as written (the renderer knows them). */
function decodeCharacterReference(reference: string, name: string): string {
  if (name[0] !== '#') return NAMED_REFERENCES[name.toLowerCase()] ?? reference;
  const code =
    name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
}
