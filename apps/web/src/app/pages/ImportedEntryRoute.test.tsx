import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LINKED_ENTRY_MISSING } from '../../features/entries/pages/ImportedEntryPage.tsx';
import { apiError, callsTo, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { sealedEntry, storeTestEntryKey } from '../../test/entries.ts';
import { createTestQueryClient, renderRoutes } from '../../test/render.tsx';
import ImportedEntryRoute from './ImportedEntryRoute.tsx';

const UUID = 'DA000000000000000000000000000002';
const LOOKUP = `GET /api/entries/imported/dayone/${UUID}`;

/** The page at its pattern, so that it reads the linked entry's source and id from the address. */
const renderAt = (path: string) =>
  renderRoutes(
    createMemoryRouter([{ path: '/entry/:source/:ref', element: <ImportedEntryRoute /> }], {
      initialEntries: [path],
    }),
    createTestQueryClient(),
  );

describe('/entry/:source/:ref, where a link between imported entries leads (ADR 088)', () => {
  it('shows the entry imported from the linked one, with its attachments as a gallery', async () => {
    await storeTestEntryKey();
    const entry = await sealedEntry('Arrived in Lisbon.', {
      isImported: true,
      contentType: 'text',
      attachments: [
        { id: '22222222-2222-4222-8222-000000000005', contentType: 'pdf', hasThumbnail: false, number: 1 },
      ],
    });
    stubApi({ ...signedInHandlers(), [LOOKUP]: json(entry) });
    renderAt(`/entry/dayone/${UUID}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Linked Entry' })).toBeTruthy();
    const card = await screen.findByRole('article');
    expect(card.textContent).toContain('Arrived in Lisbon.');
    expect(screen.getByRole('list', { name: '1 attachment' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('says so when the journal has no such entry', async () => {
    await storeTestEntryKey();
    const fetchMock = stubApi({
      ...signedInHandlers(),
      [LOOKUP]: apiError(404, 'NOT_FOUND', 'Entry not found'),
    });
    renderAt(`/entry/dayone/${UUID}`);
    expect((await screen.findByRole('alert')).textContent).toContain(LINKED_ENTRY_MISSING);
    expect(callsTo(fetchMock, LOOKUP)).toHaveLength(1);
  });
});
