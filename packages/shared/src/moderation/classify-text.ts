import { type ModerationVerdict, SEVERITY_RANK, type Severity } from '../domain/moderation.ts';
import { type Frame, isAboutSomeoneElse, RECOVERY, readFrame } from './frame.ts';
import {
  ACCIDENT,
  DEATH_WISH,
  GROUP_DISLIKE,
  GROUP_HATE,
  INSULT_AT_YOU,
  MASS_VIOLENCE,
  NOT_A_SLUR,
  NOT_VIOLENT_AFTER,
  PROFANITY,
  RECLAIMED,
  SELF_HARM_ACT,
  SELF_HARM_DESIRE,
  SELF_HARM_PASSIVE,
  SELF_HARM_PLAN,
  SELF_HARM_PLAN_NEARBY,
  SELF_HARM_PREPARED,
  SEXUAL_AT_YOU,
  SEXUAL_MINOR,
  SLUR,
  SURVIVOR_FRAME,
  TELL_TO_SELF_HARM,
  THREAT,
  VIOLENT_ACT_AT_PERSON,
} from './lexicon.ts';
import { type Clause, normalizeText, splitClauses, splitSentences } from './reading.ts';

export type ModerationFlag = 'self_harm' | 'violence' | 'harassment' | 'sexual' | 'hate' | 'profanity';

/**
 * Who reads the text. An entry is the writer's own (`self`); a share note or thank-you note is read by another
 * person (`recipient`), so words aimed at "you" reach someone and the bar for abuse is lower there.
 */
export type TextAudience = 'self' | 'recipient';

type Finding = { severity: Severity; flags: ModerationFlag[]; explanation: string };

const finding = (severity: Severity, flags: ModerationFlag[], explanation: string): Finding => ({
  severity,
  flags,
  explanation,
});

/** What is around a clause that a rule may need: its sentence, the whole text, who reads it. */
type Context = {
  clause: Clause;
  sentence: string;
  /** The sentence after this one (empty at the end): a plan written there still belongs to a wish here. */
  nextSentence: string;
  normalized: string;
  hasRecovery: boolean;
  audience: TextAudience;
  names: RegExp;
};

const CRISIS = finding('high', ['self_harm'], 'The text says the writer means to hurt themselves now.');

/** Reads a frame that counts the text as not meant now by its writer. */
const isSetAside = (frame: Frame) =>
  frame.isNegated || frame.isDistanced || frame.isHypothetical || frame.tense === 'past';

function selfHarm({ clause, sentence, nextSentence, hasRecovery }: Context): Finding | null {
  const prepared = SELF_HARM_PREPARED.exec(clause.text);
  if (prepared) {
    const frame = readFrame(clause, prepared.index);
    // A note written years ago is the writer's history, not today's plan.
    if (!frame.isNegated && !frame.isDistanced && frame.tense !== 'past') return CRISIS;
  }
  const act = SELF_HARM_ACT.exec(clause.text);
  const desire = act ? null : SELF_HARM_DESIRE.exec(clause.text);
  const passive = act || desire ? null : SELF_HARM_PASSIVE.exec(clause.text);
  const match = act ?? desire ?? passive;
  if (!match || ACCIDENT.test(clause.text)) return null;
  if (!act && isAboutSomeoneElse(clause.text, match.index)) return null;
  const frame = readFrame(clause, match.index);
  const hasPlan = SELF_HARM_PLAN.test(sentence) || SELF_HARM_PLAN_NEARBY.test(nextSentence);
  if (frame.isNegated || frame.isDistanced) return null;
  if (frame.tense === 'past' && !hasPlan) return null;
  if (frame.tense === 'future') return hasRecovery && !hasPlan && frame.isHypothetical ? null : CRISIS;
  if (frame.isHypothetical && !hasPlan) return null;
  if (passive) return hasPlan ? CRISIS : null;
  return hasRecovery && !hasPlan ? null : CRISIS;
}

/** The names a text capitalises mid-sentence ("I'll kill Kevin"), as targets a rule can recognise. */
function namesIn(text: string): RegExp {
  const names = new Set<string>();
  for (const match of text.matchAll(/(?<![.!?]\s*|^)\b([A-Z][a-z]{2,})\b/g))
    names.add(match[1]!.toLowerCase());
  const known = [...names].filter(
    (n) => !/^(monday|tuesday|wednesday|thursday|friday|saturday|sunday|god)$/.test(n),
  );
  return known.length ? new RegExp(`(${known.join('|')})`) : /(?!)/;
}

function violence({ clause, names, audience }: Context): Finding | null {
  const atPerson = new RegExp(VIOLENT_ACT_AT_PERSON.replaceAll('NAME', names.source));
  const findings: Finding[] = [];
  const mass = MASS_VIOLENCE.exec(clause.text);
  if (mass && !isSetAside(readFrame(clause, mass.index)) && !isAboutSomeoneElse(clause.text, mass.index))
    return finding('high', ['violence'], 'The text threatens an attack on a place.');
  const threat = THREAT.exec(clause.text);
  if (threat) {
    const frame = readFrame(clause, threat.index);
    if (!frame.isNegated && !frame.isDistanced)
      return finding('high', ['violence'], 'The text threatens someone.');
  }
  const wish = DEATH_WISH.exec(clause.text);
  if (wish && !readFrame(clause, wish.index).isDistanced)
    findings.push(
      finding(audience === 'recipient' ? 'high' : 'low', ['violence'], 'The text wishes someone harm.'),
    );
  const act = atPerson.exec(clause.text);
  if (act && !NOT_VIOLENT_AFTER.test(clause.text.slice(act.index + act[0].length).trim())) {
    const frame = readFrame(clause, act.index);
    if (!isSetAside(frame) && !isAboutSomeoneElse(clause.text, act.index)) {
      if (frame.tense === 'future' || /\b(knife|gun|bat|tonight|tomorrow)\b/.test(clause.text))
        return finding('high', ['violence'], 'The text says the writer will hurt someone.');
      if (/\b(want|wants|need) to\b|\bfeel like\b/.test(clause.text.slice(0, act.index)))
        findings.push(finding('low', ['violence'], 'The text wishes to hurt someone.'));
    }
  }
  return strongest(findings);
}

function harassment({ clause, audience, normalized }: Context): Finding | null {
  // Said to someone, whatever its tense: only a denial or someone else's words set it aside.
  const told = TELL_TO_SELF_HARM.exec(clause.text);
  const toldFrame = told && readFrame(clause, told.index);
  if (toldFrame && !toldFrame.isNegated && !toldFrame.isDistanced)
    return finding('high', ['harassment'], 'The text tells someone to hurt themselves.');
  const insult = INSULT_AT_YOU.exec(clause.text);
  if (!insult) return null;
  const frame = readFrame(clause, insult.index);
  if (frame.isNegated || frame.isDistanced || /\b(not|never)\b/.test(insult[0])) return null;
  // "You idiot, you made me cry. Love you." is teasing between friends.
  if (/\b(love you|lol|haha|jk|xx+)\b|[❤♥]/.test(normalized)) return null;
  return audience === 'recipient'
    ? finding('medium', ['harassment'], 'The note insults its reader.')
    : finding('low', ['harassment'], 'The text insults someone.');
}

function hate({ clause }: Context): Finding | null {
  const group = GROUP_HATE.exec(clause.text);
  if (group && !readFrame(clause, group.index).isDistanced) {
    const isViolent = /\b(kill|gas|exterminat|hang|lynch|burn|shoot|shot|wipe|wiped|die)/.test(group[0]);
    return finding(
      'high',
      isViolent ? ['hate', 'violence'] : ['hate'],
      'The text attacks a group of people.',
    );
  }
  const slur = NOT_A_SLUR.test(clause.text) || RECLAIMED.test(clause.text) ? null : SLUR.exec(clause.text);
  if (slur && !readFrame(clause, slur.index).isDistanced)
    return finding('high', ['hate'], 'The text uses a slur against someone.');
  const dislike = GROUP_DISLIKE.exec(clause.text);
  if (dislike && !isSetAside(readFrame(clause, dislike.index)))
    return finding('medium', ['hate'], 'The text speaks against a group of people.');
  return null;
}

function sexual({ clause, sentence, audience }: Context): Finding | null {
  if (SEXUAL_MINOR.test(clause.text) && !SURVIVOR_FRAME.test(sentence))
    return finding('high', ['sexual'], 'The text is sexual content involving a minor.');
  if (audience === 'recipient' && SEXUAL_AT_YOU.test(clause.text))
    return finding('medium', ['sexual'], 'The note is sexual towards its reader.');
  return null;
}

const RULES = [selfHarm, violence, harassment, hate, sexual];

function strongest(findings: Finding[]): Finding | null {
  let best: Finding | null = null;
  for (const candidate of findings)
    if (!best || SEVERITY_RANK[candidate.severity] > SEVERITY_RANK[best.severity]) best = candidate;
  return best;
}

/**
 * Reads a text sentence by sentence and clause by clause, weighing tense, negation, who is meant and distance,
 * and answers with the strictest finding. Profanity alone is at most low: in a journal people swear at their day.
 */
export function classifyText(text: string, options: { audience?: TextAudience } = {}): ModerationVerdict {
  const audience = options.audience ?? 'self';
  const normalized = normalizeText(text);
  const names = namesIn(text);
  const hasRecovery = RECOVERY.test(normalized);
  const findings: Finding[] = [];
  const sentences = splitSentences(normalized);
  for (const [index, sentence] of sentences.entries()) {
    const nextSentence = sentences[index + 1] ?? '';
    for (const clause of splitClauses(sentence)) {
      const context: Context = { clause, sentence, nextSentence, normalized, hasRecovery, audience, names };
      for (const rule of RULES) {
        const found = rule(context);
        if (found) findings.push(found);
      }
    }
  }
  if (PROFANITY.test(normalized))
    findings.push(finding('low', ['profanity'], 'The text contains profanity.'));
  const top = strongest(findings);
  if (!top)
    return { safe: true, severity: 'safe', flags: [], explanation: 'No concerns found.', confidence: 0.8 };
  const flags = [...new Set(findings.flatMap((found) => found.flags))];
  return {
    safe: SEVERITY_RANK[top.severity] < SEVERITY_RANK.medium,
    severity: top.severity,
    flags,
    explanation: top.explanation,
    confidence: top.severity === 'low' ? 0.6 : 0.8,
  };
}
