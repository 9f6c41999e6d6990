import {
  addDays,
  deriveEntryKeyV2,
  importAccountKey,
  localDate,
  randomKeyBytes,
  sealMoodV2,
} from '@daybook/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetAccountKeys, keepAccountKey } from '../../lib/private-keys/session-key.ts';
import { json, sessionUser, signedInHandlers, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { MoodCard } from './components/MoodCard.tsx';

/*
 * The mood ring and the current mood of a private-mode account (ADR 094): the server answers the private entries'
 * moods sealed, and this browser opens them with the unlocked key and counts them with the plain ones.
 */

const accountKey = randomKeyBytes();

afterEach(() => forgetAccountKeys());

describe('the mood ring with sealed moods', () => {
  it("opens the private entries' moods and counts them with the plain ones; today's is the current mood", async () => {
    keepAccountKey(sessionUser.id, accountKey);
    const privateKey = await deriveEntryKeyV2(await importAccountKey(accountKey));
    const today = localDate(new Date(), sessionUser.timezone);
    const seal = (mood: string | null) => sealMoodV2(privateKey, sessionUser.id, mood);
    stubApi({
      ...signedInHandlers(),
      'GET /api/moods/ring': json({
        moods: [{ moodTag: 'Happy', entryDate: addDays(today, -3) }],
        sealed: [
          { encryptedMood: await seal('Anxious'), entryDate: today },
          { encryptedMood: await seal(null), entryDate: today },
          { encryptedMood: await seal('Happy'), entryDate: addDays(today, -1) },
        ],
      }),
      'GET /api/moods/current': json({ moodTag: null, sealed: [await seal(null), await seal('Anxious')] }),
    });
    renderWithProviders(<MoodCard onChoosePrompt={() => {}} />, { path: '/dashboard' });
    const region = await screen.findByRole('region', { name: 'Mood' });
    expect(
      await within(region).findByRole('img', {
        name: 'Mood ring of the last 7 days: 2 positive, 0 neutral, 1 negative',
      }),
    ).toBeTruthy();
    expect(
      within(region).getByRole('button', { name: 'Write about Happy (2 times in 7 days)' }),
    ).toBeTruthy();
    expect(within(region).getByText('Current mood')).toBeTruthy();
  });
});
