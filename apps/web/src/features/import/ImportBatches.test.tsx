import type { ImportBatch } from '@daybook/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { ImportBatches } from './components/ImportBatches.tsx';

const batch: ImportBatch = {
  id: '5b0c1f3e-2d4a-4c6b-8e9f-0a1b2c3d4e5f',
  source: 'dayone',
  importedAt: '2026-11-20T09:30:00.000Z',
  entries: 3000,
  media: 120,
  firstDate: '2019-01-12',
  lastDate: '2024-07-04',
};

describe('ImportBatches', () => {
  it('lists each import with its counts and removes one as a whole after a confirmation naming the count', async () => {
    let batches = [batch];
    const fetchMock = stubApi({
      ...signedInHandlers(),
      'GET /api/import/batches': () => jsonResponse(batches),
      [`DELETE /api/import/batches/${batch.id}`]: () => {
        batches = [];
        return jsonResponse({ removed: 3000 });
      },
    });
    renderWithProviders(<ImportBatches />);

    const region = await screen.findByRole('region', { name: 'Your imports' });
    expect(await within(region).findByText(/^Day One export, /)).toBeTruthy();
    expect(
      within(region).getByText('3,000 entries, 120 with attachments · Jan 12, 2019 to Jul 4, 2024'),
    ).toBeTruthy();

    fireEvent.click(within(region).getByRole('button', { name: /^Remove the Day One export imported / }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove these 3,000 imported entries?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove 3,000 imported entries' }));

    expect(await screen.findByText('Nothing imported yet.')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, `DELETE /api/import/batches/${batch.id}`)).toHaveLength(1));
  });

  it('says so when nothing was imported', async () => {
    stubApi({ ...signedInHandlers(), 'GET /api/import/batches': json([]) });
    renderWithProviders(<ImportBatches />);
    expect(await screen.findByText('Nothing imported yet.')).toBeTruthy();
  });
});
