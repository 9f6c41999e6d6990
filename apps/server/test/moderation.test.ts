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
    ['I wanted to beat him up after the meeting', 'medium', ['violence']],
    ["You're pathetic and everyone hates you", 'medium', ['harassment']],
    ['Damn, what a shit day.', 'low', ['profanity']],
  ])('%j → %s', async (text, severity, flags) => {
    const result = await moderator.moderate(text);
    expect(result.severity).toBe(severity);
    expect(result.flags).toEqual(flags);
    expect(result.safe).toBe(severity === 'safe' || severity === 'low');
    expect(result.confidence).toBeGreaterThan(0);
    expect(result.explanation).toBeTruthy();
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
  });
});
