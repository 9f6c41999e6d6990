import { describe, expect, it } from 'vitest';
import { entryModerationOutcome, shareNoteModerationOutcome } from '../domain/moderation.ts';
import { classifyText } from './classify-text.ts';

const severityOf = (text: string, audience: 'self' | 'recipient' = 'self') =>
  classifyText(text, { audience }).severity;

describe('classifyText', () => {
  it('saves the three entries of ADR 063 without a warning', () => {
    for (const text of [
      'Last winter I had suicidal thoughts almost every night; today I told Dr. R that I had not felt that way in weeks. Therapy is working.',
      'I wanted to beat him up, honestly. Went for a run instead.',
      'I kept thinking I wish I were dead too, just for a second, then the kids hugged me.',
    ])
      expect(entryModerationOutcome(classifyText(text))).toEqual({ action: 'allow' });
  });

  it('shows the crisis message for present intent with means', () => {
    const outcome = entryModerationOutcome(
      classifyText("I'm going to kill myself tonight, I have the pills here"),
    );
    expect(outcome).toMatchObject({ action: 'block', isCrisis: true });
  });

  it('reads tense: the same act is history in the past and a crisis in the future', () => {
    expect(severityOf('I tried to kill myself when I was 17.')).toBe('safe');
    expect(severityOf('I am going to kill myself.')).toBe('high');
  });

  it('reads negation', () => {
    expect(severityOf("I'm not going to hurt myself.")).toBe('safe');
    expect(severityOf('I would never hurt Ben.')).toBe('safe');
  });

  it('reads who is meant: another person in crisis is not the writer in crisis', () => {
    expect(severityOf('My friend said she wants to die and I stayed with her.')).toBe('safe');
  });

  it('reads distance: dreams, films and reported words', () => {
    expect(severityOf('I dreamed I stabbed my manager.')).toBe('safe');
    expect(severityOf('He told me to kill myself.')).toBe('safe');
    expect(severityOf('Someone called me a faggot on the bus.')).toBe('safe');
  });

  it('reads recovery language in the same entry', () => {
    expect(severityOf('I think about ending my life sometimes. Therapy is helping, I am safe now.')).toBe(
      'safe',
    );
  });

  it('weighs intensity: a present wish to hit someone warns, a plan blocks', () => {
    expect(severityOf('I want to punch him.')).toBe('low');
    expect(severityOf("I'm going to punch him tomorrow.")).toBe('high');
  });

  it('keeps profanity alone at low, however much of it', () => {
    expect(classifyText('fuck fuck fuck this shit, fucking bullshit day')).toMatchObject({
      severity: 'low',
      flags: ['profanity'],
    });
  });

  it('reads typos and shorthand', () => {
    expect(severityOf('im gonna kms tonight')).toBe('high');
    expect(severityOf('i dont want to hurt myself')).toBe('safe');
  });

  it('holds a note to a stricter bar for insults aimed at "you"', () => {
    expect(severityOf("You're pathetic.")).toBe('low');
    expect(
      shareNoteModerationOutcome(classifyText("You're pathetic.", { audience: 'recipient' })),
    ).toMatchObject({
      action: 'block',
    });
    expect(severityOf("You're not pathetic, you're brave.", 'recipient')).toBe('safe');
  });

  it('blocks a slur aimed at a person in any audience', () => {
    expect(severityOf('you worthless faggot')).toBe('high');
    expect(severityOf('you worthless faggot', 'recipient')).toBe('high');
  });

  it('leaves medical and sexual-health words alone', () => {
    expect(severityOf('My penis has a rash and the vaginal cream is for my wife.')).toBe('safe');
    expect(severityOf('We had sex after the kids went to bed.')).toBe('safe');
  });
});
