import { type Clause, wordsOf } from './reading.ts';

/**
 * How a clause frames what it mentions: when (tense), whether it is denied, whether it is only imagined, and whether
 * it is someone else's words or a story. A journal writes about hard things mostly in these frames.
 */
export type Frame = {
  tense: 'past' | 'present' | 'future';
  isNegated: boolean;
  isHypothetical: boolean;
  /** Reported speech, a dream, a film, a book, a topic ("suicide prevention"). */
  isDistanced: boolean;
};

const NEGATORS = new Set([
  'not',
  'never',
  'no',
  "don't",
  "doesn't",
  "didn't",
  "won't",
  "wouldn't",
  "isn't",
  "wasn't",
  "aren't",
  "weren't",
  "haven't",
  "hasn't",
  "hadn't",
  "shouldn't",
  'nobody',
]);
/** Negations that do not deny what follows: "I can't stop thinking about…", "I don't know if…". */
const NON_DENYING =
  /\b(can't|cannot|couldn't) (stop|help)|\bdon't know\b|\bnot sure\b|\bno idea\b|\bnever (been|felt)\b|\bnot just\b/;

const FUTURE_WORDS = new Set([
  'will',
  'shall',
  'going',
  'plan',
  'planning',
  'planned',
  'ready',
  'decided',
  'tonight',
  'tomorrow',
  'soon',
]);
const PRESENT_WORDS = new Set([
  'am',
  "i'm",
  'is',
  'are',
  'want',
  'wants',
  'need',
  'feel',
  'keep',
  'think',
  'still',
  "can't",
  'have',
  'wish',
  'know',
]);
const PAST_WORDS = new Set([
  'was',
  'were',
  'had',
  'wanted',
  'felt',
  'thought',
  'tried',
  'attempted',
  'used',
  'kept',
  'did',
  "didn't",
  'almost',
  'nearly',
  "could've",
  "would've",
  'went',
  'said',
  'told',
  'wrote',
  'got',
  'considered',
  'imagined',
  'fantasized',
  'fantasised',
  'dreamed',
  'dreamt',
]);

const PAST_TIME =
  /\b(last (night|week|month|year|winter|summer|spring|fall|autumn|time|weekend)|(years?|months?|weeks?|days?|a while) ago|back (then|in)|when i was|as a (kid|child|teen|teenager)|in (high school|college|middle school|my (teens|twenties|early twenties))|in (19|20)\d\d|at the time|that (night|year|winter|summer|day|week|spring)|used to|for years|in the past|the old me|at (my|the) worst|at (14|15|16|17|18|19|20)|old days|once)\b/;
const PRESENT_TIME =
  /\b(tonight|today|right now|tomorrow|this (morning|afternoon|evening|week|weekend)|again|still|anymore)\b/;

const HYPOTHETICAL =
  /\b(if|what if|when|whenever|whether|imagine|imagining|in case|unless|could|might|would|should i)\b/;

/** Stories and dreams; words that are also verbs ("show", "play") count only as nouns after an article. */
const MEDIA =
  /\b(dreams?|dreamt|dreamed|nightmares?|movie|film|episode|novel|character|lyrics|poem|video game|podcast|documentary|netflix|memoir|meme|thriller|horror|true crime)\b|\b(the|a|that|this|in|on) (show|series|book|story|chapter|song|play|game|article|news|headline|scene|tv)\b/;
const TOPIC =
  /\b(prevention|awareness|hotline|lifeline|crisis line|helpline|training|statistics|rates?|research|survivors?|fundraiser|walk for|lecture|essay|paper|support group|memorial|risk factors|warning signs|safety plan|nurse|ward|patients?|psych unit|screening|questionnaire)\b/;
const REPORTED =
  /\b(?!i\b)(\w+) (said|says|told|tells|texted|wrote|writes|yelled|shouted|screamed|asked|posted|called|whispered|admitted|confessed|mentioned|joked|threatened|commented|messaged|keeps saying|kept saying)\b|\b(told|asked|wants|wanted|begged|dared|telling) me to\b|\bsaid i should\b|\bcalled (me|us|him|her|them)\b/;
const REPORTING_END =
  /\b(said|says|told me|texted|wrote|yelled|shouted|screamed|asked|posted|whispered|messaged)$/;

/** What a clause says about the phrase found at `index` in it. */
export function readFrame(clause: Clause, index: number): Frame {
  const before = clause.text.slice(0, index);
  const words = wordsOf(before);
  const nearby = words.slice(-5);
  const isNegated =
    nearby.some((word) => NEGATORS.has(word)) &&
    !NON_DENYING.test(nearby.join(' ')) &&
    !/\bno one\b/.test(before);
  return {
    tense: tenseOf(clause.text, words),
    isNegated: isNegated || /\bno longer\b/.test(before),
    isHypothetical: isHypothetical(before),
    isDistanced:
      clause.isQuoted ||
      MEDIA.test(clause.text) ||
      TOPIC.test(clause.text) ||
      REPORTED.test(before) ||
      REPORTING_END.test(clause.previous),
  };
}

/**
 * Whether the phrase sits inside a condition or a possibility ("if I ever…", "I could kill him"). A future main
 * clause after the condition is not hypothetical: "if he does that again I'll kill you" is a threat.
 */
function isHypothetical(before: string): boolean {
  let lastCondition = -1;
  for (const match of before.matchAll(new RegExp(HYPOTHETICAL.source, 'g'))) lastCondition = match.index;
  if (lastCondition < 0) return false;
  return !/\b(will|going to|i'll|we'll|i'm going to)\b|'ll\b/.test(before.slice(lastCondition));
}

/** The nearest tense-bearing word before the phrase decides; a time of day or year can settle it. */
function tenseOf(clause: string, wordsBefore: string[]): Frame['tense'] {
  let tense: Frame['tense'] | null = null;
  for (let i = wordsBefore.length - 1; i >= 0 && !tense; i--) {
    const word = wordsBefore[i]!;
    if (word === 'to' && wordsBefore[i - 1] === 'about') tense = 'future';
    else if (word === 'going') tense = /^(was|were)$/.test(wordsBefore[i - 1] ?? '') ? 'past' : 'future';
    else if (word.endsWith("'ll") || FUTURE_WORDS.has(word)) tense = 'future';
    else if (PAST_WORDS.has(word)) tense = 'past';
    else if (PRESENT_WORDS.has(word)) tense = 'present';
  }
  const hasPastTime = PAST_TIME.test(clause);
  const hasPresentTime = PRESENT_TIME.test(clause);
  if (hasPastTime && !hasPresentTime) return 'past';
  if (hasPresentTime && tense === 'past' && /\b(tonight|tomorrow)\b/.test(clause)) return 'future';
  return tense ?? 'present';
}

/** Whether the nearest subject before `index` is someone else ("she wants to die"). */
export function isAboutSomeoneElse(clause: string, index: number): boolean {
  const words = wordsOf(clause.slice(0, index));
  for (let i = words.length - 1; i >= 0; i--) {
    const word = words[i]!;
    if (/^(i|i'm|i've|i'll|i'd|me|my|we|we're|we've|myself)$/.test(word)) return false;
    if (
      /^(he|she|they|he's|she's|they're|his|her|their|someone|somebody|friend|brother|sister|mom|dad|mum|son|daughter|patient|client|character|cousin|uncle|aunt|grandma|grandpa|husband|wife|partner|boyfriend|girlfriend|roommate|classmate|coworker|people)$/.test(
        word,
      )
    )
      return true;
  }
  return false;
}

/** Language of getting better: it lowers what the same entry says in the present without a plan. */
export const RECOVERY =
  /\b(not anymore|no longer|therapy (is|has been) (working|helping)|getting better|in recovery|recovering|sober|(days|weeks|months|years) clean|clean for|safe now|i'm safe|doing better|feel(ing)? better|haven't (felt|had|wanted|thought|cut|hurt)|survived|made it through|glad (i'm|i am) (still )?here|glad i didn't|grateful to be alive|(meds|medication) (is|are) (working|helping)|safety plan|called the (hotline|crisis line|lifeline)|reached out)\b/;
