import { PRIVATE_IMPORT_MESSAGES, randomKeyBytes } from '@daybook/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetAccountKeys, keepAccountKey } from '../../lib/private-keys/session-key.ts';
import { json, sessionUser, signedInHandlers, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import ExportPage from './ExportRoute.tsx';

/*
 * /export for a private-mode account (ADR 099): unlocked, the export and import the browser makes; locked, a plain
 * word to unlock first; never the server's "not available in private mode" refusal.
 */

const handlers = () => ({
  ...signedInHandlers(),
  'GET /api/me/private-mode': json({
    isSetUp: true,
    setUpAt: '2026-11-29T10:00:00.000Z',
    passphraseChangedAt: null,
    recoveryKeyChangedAt: null,
  }),
  'GET /api/export/summary': json({
    entryCount: 3,
    mediaCount: 0,
    mediaBytes: 0,
    estimatedBytes: 4000,
    firstDate: '2025-06-01',
    lastDate: '2025-08-02',
  }),
  'GET /api/import/batches': json([]),
});

afterEach(() => forgetAccountKeys());

describe('/export in private mode', () => {
  it('offers the export and import made in this browser once the journal is unlocked', async () => {
    keepAccountKey(sessionUser.id, randomKeyBytes());
    stubApi(handlers());
    renderWithProviders(<ExportPage />, { path: '/export' });
    const exporting = await screen.findByRole('region', { name: 'Export your journal' });
    expect(exporting.textContent).toContain('this browser opens your entries and builds the archive here');
    expect(await screen.findByText('3 entries')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(false);
    const importing = screen.getByRole('region', { name: 'Import entries' });
    expect(importing.textContent).toContain(PRIVATE_IMPORT_MESSAGES.attachmentsSealed);
    expect(screen.getByLabelText('Choose a .zip archive')).toBeTruthy();
    expect(screen.queryByText(/not available in private mode/)).toBeNull();
    expect(await screen.findByText('Nothing imported yet.')).toBeTruthy();
  });

  it('asks to unlock first while the journal is locked in this browser', async () => {
    stubApi(handlers());
    renderWithProviders(<ExportPage />, { path: '/export' });
    expect(await screen.findByText('Unlock your journal to export or import')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    expect(screen.queryByText(/not available in private mode/)).toBeNull();
  });
});
