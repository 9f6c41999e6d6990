import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, stubApi } from '../../test/api.ts';
import { createTestQueryClient } from '../../test/render.tsx';
import { MODERATION_CACHE_MS, moderateText, SAFE_VERDICT } from './moderate-text.ts';

const low = { safe: false, severity: 'low', flags: ['profanity'], explanation: 'Mild', confidence: 0.7 };
const MODERATE = 'POST /api/moderation/text';

afterEach(() => {
  vi.useRealTimers();
});

describe('moderateText', () => {
  it('treats text under 3 characters as safe without asking', async () => {
    const fetchMock = stubApi({ [MODERATE]: json(low) });
    expect(await moderateText(createTestQueryClient(), '  ok  ')).toEqual(SAFE_VERDICT);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps a verdict 5 minutes, keyed by the first 100 characters', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi({ [MODERATE]: json(low) });
    const client = createTestQueryClient();
    const prefix = 'a'.repeat(100);
    expect(await moderateText(client, `${prefix} first ending`)).toEqual(low);
    expect(await moderateText(client, `${prefix} another ending`)).toEqual(low);
    expect(callsTo(fetchMock, MODERATE)).toEqual([{ text: `${prefix} first ending`, audience: 'self' }]);

    await moderateText(client, 'b'.repeat(100));
    expect(callsTo(fetchMock, MODERATE)).toHaveLength(2);

    // A note is read by someone else and judged by a stricter bar (ADR 063): its verdict is kept apart.
    await moderateText(client, `${prefix} first ending`, 'recipient');
    expect(callsTo(fetchMock, MODERATE)).toHaveLength(3);

    vi.advanceTimersByTime(MODERATION_CACHE_MS + 1);
    await moderateText(client, `${prefix} first ending`);
    expect(callsTo(fetchMock, MODERATE)).toHaveLength(4);
  });

  it('counts a failed call as safe, and asks again next time', async () => {
    const fetchMock = stubApi({ [MODERATE]: apiError(500, 'INTERNAL', 'Boom') });
    const client = createTestQueryClient();
    expect(await moderateText(client, 'Hello there')).toEqual(SAFE_VERDICT);
    expect(await moderateText(client, 'Hello there')).toEqual(SAFE_VERDICT);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
