import type { ItemToken } from 'wink-nlp';

/** What the local NLP finds in one text; nothing here leaves the process. */
export type TextAnalysis = {
  /** wink-nlp's sentiment, −1 (negative) … 1 (positive). */
  sentiment: number;
  /** Content words, normalised, without stop words, numbers or very short tokens. */
  words: string[];
  /** Hashtags (`#work` → "work"): the app's themes (docs/design.md#design-open-values). */
  hashtags: string[];
  /** Nouns, lemmatised: candidate themes when they recur. */
  nouns: string[];
};

// The English lite model ships inside its package: no download, no network (docs/design.md#design-ai). Loaded on the first
// insights request rather than at start, so an idle server does not hold it (ADR 043).
let loading: Promise<ReturnType<typeof import('wink-nlp').default>> | null = null;
const load = () => {
  loading ??= Promise.all([import('wink-nlp'), import('wink-eng-lite-web-model')]).then(
    ([{ default: winkNLP }, { default: model }]) => winkNLP(model),
  );
  return loading;
};

const WORD = /^\p{L}[\p{L}'-]+$/u;

export async function analyzeText(text: string): Promise<TextAnalysis> {
  const engine = await load();
  const its = engine.its;
  const doc = engine.readDoc(text);
  const words: string[] = [];
  const hashtags: string[] = [];
  const nouns: string[] = [];
  doc.tokens().each((token: ItemToken) => {
    const type = token.out(its.type);
    if (type === 'hashtag') {
      hashtags.push(token.out(its.normal).slice(1));
      return;
    }
    if (type !== 'word' || token.out(its.stopWordFlag)) return;
    const normal = token.out(its.normal);
    if (normal.length < 3 || !WORD.test(normal)) return;
    words.push(normal);
    if (token.out(its.pos) === 'NOUN' || token.out(its.pos) === 'PROPN')
      nouns.push(String(token.out(its.lemma as Parameters<ItemToken['out']>[0])));
  });
  return { sentiment: doc.out(its.sentiment) as number, words, hashtags, nouns };
}
