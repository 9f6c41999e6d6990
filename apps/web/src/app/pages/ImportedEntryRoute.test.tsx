import { deriveImportKeyV2, importAccountKey, privateImportName, randomKeyBytes } from '@daybook/shared';
import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LINKED_ENTRY_MISSING } from '../../features/entries/pages/ImportedEntryPage.tsx';
import { keepAccountKey } from '../../lib/private-keys/session-key.ts';
import { apiError, callsTo, json, sessionUser, signedInHandlers, stubApi } from '../../test/api.ts';
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

  describe('in private mode, where import names are keyed (ADR 099)', () => {
    async function keyedLookup() {
      const raw = randomKeyBytes();
      keepAccountKey(sessionUser.id, raw);
      const name = await privateImportName(
        await deriveImportKeyV2(await importAccountKey(raw)),
        `dayone:${UUID}`,
      );
      return `GET /api/entries/imported/pk/${name.slice('pk:'.length)}`;
    }

    it('asks for the entry by the name this browser keys, not the plain one', async () => {
      await storeTestEntryKey();
      const keyed = await keyedLookup();
      const entry = await sealedEntry('The hike, from the other side.', {
        isImported: true,
        contentType: 'text',
      });
      const fetchMock = stubApi({ ...signedInHandlers(), [keyed]: json(entry) });
      renderAt(`/entry/dayone/${UUID}`);
      expect((await screen.findByRole('article')).textContent).toContain('The hike, from the other side.');
      expect(callsTo(fetchMock, LOOKUP)).toHaveLength(0);
    });

    it('asks by the plain name when no entry has the keyed one yet (a switch still renaming)', async () => {
      await storeTestEntryKey();
      const keyed = await keyedLookup();
      const entry = await sealedEntry('Arrived in Lisbon.', { isImported: true, contentType: 'text' });
      const fetchMock = stubApi({
        ...signedInHandlers(),
        [keyed]: apiError(404, 'NOT_FOUND', 'Entry not found'),
        [LOOKUP]: json(entry),
      });
      renderAt(`/entry/dayone/${UUID}`);
      expect((await screen.findByRole('article')).textContent).toContain('Arrived in Lisbon.');
      expect(callsTo(fetchMock, keyed)).toHaveLength(1);
    });
  });
});
