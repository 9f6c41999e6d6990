import { describe, expect, it } from 'vitest';
import { createLocalTextModerator } from '../src/infra/moderation/text-moderator.ts';
import { useTestApp } from './support/app.ts';
import { createSignedInUser } from './support/factories.ts';

describe('local text moderation', () => {
  const moderator = createLocalTextModerator();

  it.each([
    ['A quiet walk, a cup of tea and a long talk with Mum.', 'safe', []],
    ['I read a book about suicide prevention today.', 'safe', []],
    ['I feel like I want to die.', 'high', ['self_harm']],
    ['I’ve been thinking about hurting myself again', 'high', ['self_harm']],
    ["If he does that again I'll kill you both", 'high', ['violence']],
    // ADR 063: the ordinary entries the phrase lists refused, read for tense, negation and recovery.
    [
      'Last winter I had suicidal thoughts almost every night; today I told Dr. R that I had not felt that way in weeks. Therapy is working.',
      'safe',
      [],
    ],
    ['I wanted to beat him up, honestly. Went for a run instead.', 'safe', []],
    ['I kept thinking I wish I were dead too, just for a second, then the kids hugged me.', 'safe', []],
    ["I'm not going to hurt myself.", 'safe', []],
    ['I want to punch him in the face.', 'low', ['violence']],
    ["You're pathetic and everyone hates you", 'low', ['harassment']],
    ['I hate all immigrants.', 'medium', ['hate']],
    ['Damn, what a shit day.', 'low', ['profanity']],
  ])('%j → %s', async (text, severity, flags) => {
    const result = await moderator.moderate(text);
    expect(result.severity).toBe(severity);
    expect(result.flags).toEqual(flags);
    expect(result.safe).toBe(severity === 'safe' || severity === 'low');
    expect(result.confidence).toBeGreaterThan(0);
    expect(result.explanation).toBeTruthy();
  });
  it('holds a note to a stricter bar: an insult aimed at "you" is medium for its recipient', async () => {
    const note = await moderator.moderate("You're pathetic and everyone hates you", {
      audience: 'recipient',
    });
    expect(note).toMatchObject({ severity: 'medium', flags: ['harassment'], safe: false });
  });
});

describe('POST /api/moderation/text', () => {
  const ctx = useTestApp();

  it('answers the spec result shape for a signed-in user only', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/moderation/text', payload: { text: 'hello' } }))
        .statusCode,
    ).toBe(401);
    const { cookie } = await createSignedInUser(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/moderation/text',
      headers: { cookie },
      payload: { text: 'I feel like I want to die.' },
    });
    expect(response.json()).toMatchObject({ safe: false, severity: 'high', flags: ['self_harm'] });

    const asNote = await ctx.app.inject({
      method: 'POST',
      url: '/api/moderation/text',
      headers: { cookie },
      payload: { text: "You're pathetic", audience: 'recipient' },
    });
    expect(asNote.json()).toMatchObject({ safe: false, severity: 'medium', flags: ['harassment'] });
  });
});
