/**
 * How the classifier reads text: normalised spelling, then sentences, then clauses. Pure string work so that the
 * browser can run the same rules as the server.
 */

/** Common journal shorthand and typos, spelled out so one pattern covers both. */
const SHORTHAND: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bim\b/g, "i'm"],
  [/\bive\b/g, "i've"],
  [/\bgonna\b/g, 'going to'],
  [/\bwanna\b/g, 'want to'],
  [/\bgotta\b/g, 'got to'],
  [/\bu\b/g, 'you'],
  [/\bur\b/g, 'your'],
  [/\bkms\b/g, 'kill myself'],
  [/\bkys\b/g, 'kill yourself'],
  [/\btmrw\b/g, 'tomorrow'],
];

/** Lower case, straight quotes and apostrophes, shorthand spelled out, single spaces. */
export function normalizeText(text: string): string {
  let normal = text
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/[“”«»]/g, '"');
  for (const [pattern, replacement] of SHORTHAND) normal = normal.replace(pattern, replacement);
  // "dont" → "don't", "cant" → "can't".
  normal = normal.replace(
    /\b(dont|cant|wont|didnt|doesnt|isnt|wasnt|havent|hasnt|wouldnt|couldnt|shouldnt|arent|werent)\b/g,
    (word) => `${word.slice(0, -1)}'t`,
  );
  return normal.replace(/\s+/g, ' ').trim();
}

/** Sentences end at . ! ? or a line break; "Dr." and friends do not end one. */
export function splitSentences(normalized: string): string[] {
  return normalized
    .replace(/\b(dr|mr|mrs|ms|st|vs|etc)\./g, '$1')
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A clause and what surrounds it: quoted or reported speech is someone else's words. */
export type Clause = { text: string; isQuoted: boolean; previous: string };

/**
 * A clause carries one thought: "I wanted to hit him, then I went for a run" holds two, and each has its own tense
 * and negation.
 */
export function splitClauses(sentence: string): Clause[] {
  const clauses: Clause[] = [];
  let isInsideQuotes = false;
  let previous = '';
  for (const piece of sentence.split(
    /[;:,()]| - | — |\s(?:but|then|though|although|until|instead|and then|whereas)\s/,
  )) {
    const quotes = piece.split('"').length - 1;
    const text = piece
      .replace(/[.!?"]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (text) clauses.push({ text, isQuoted: isInsideQuotes || quotes > 0, previous });
    if (quotes % 2 === 1) isInsideQuotes = !isInsideQuotes;
    if (text) previous = text;
  }
  return clauses;
}

/** Words of a clause, apostrophes kept ("i'm", "don't"). */
export const wordsOf = (clause: string) => clause.split(/[^\p{L}\p{N}']+/u).filter(Boolean);
