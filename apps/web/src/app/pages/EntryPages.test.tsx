import { ENTRY_MESSAGES } from '@daybook/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { entryPage, safeVerdict, sealedEntry, storeTestEntryKey } from '../../test/entries.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { routes } from '../router.tsx';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const HOUR = 3_600_000;

async function renderAt(path: string, handlers: Parameters<typeof stubApi>[0] = {}) {
  await storeTestEntryKey();
  const fetchMock = stubApi({
    ...signedInHandlers(),
    'GET /api/entries': json(entryPage([])),
    'GET /api/entries/limits/daily': json({ allowed: true, limit: 3, used: 0 }),
    'POST /api/moderation/text': json(safeVerdict),
    ...handlers,
  });
  const result = renderRoutes(createMemoryRouter(routes, { initialEntries: [path] }));
  return { ...result, fetchMock };
}

// The routes load their pages lazily; importing the dashboard (the largest) once here keeps its first transform on
// a busy machine out of the first test's five-second wait for the page.
beforeAll(async () => {
  await import('./DashboardPage.tsx');
}, 60_000);

describe('entry pages', () => {
  it('the dashboard greets, offers the quick entry card and lists the entries', async () => {
    await renderAt('/dashboard', { 'GET /api/entries': json(entryPage([await sealedEntry('Hello list')])) });
    // The first page of the file pays for transforming the dashboard's lazy chunks: on a busy two-core machine
    // that alone measured 4.6–6.4 s, past the 5 s default.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: "What's on your mind?" })).toBeTruthy();
    expect(await screen.findByText('Hello list')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Dashboard · Daybook'));
  });

  it('/new-entry opens the card and goes to the dashboard after saving', async () => {
    const created = await sealedEntry('Fresh');
    const { router } = await renderAt('/new-entry', {
      'POST /api/entries': () => jsonResponse({ entry: created, moderation: { warning: null } }, 201),
    });
    const textbox = await screen.findByRole('textbox', { name: "What's on your mind?" });
    await waitFor(() => expect(document.activeElement).toBe(textbox));
    fireEvent.change(textbox, { target: { value: 'Fresh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(toast.success).toHaveBeenCalledWith(ENTRY_MESSAGES.created, expect.anything());
  });

  it('/edit-entry/:id edits the decrypted entry and its mood', async () => {
    const entry = await sealedEntry('Edit me', { moodTag: 'Tired' });
    const { router, fetchMock } = await renderAt(`/edit-entry/${entry.id}`, {
      [`GET /api/entries/${entry.id}`]: json(entry),
      [`PATCH /api/entries/${entry.id}`]: () => jsonResponse({ entry, moderation: { warning: null } }),
    });
    const editor = await screen.findByRole('textbox', { name: 'Edit entry' });
    expect(editor).toHaveProperty('value', 'Edit me');
    expect(screen.getByRole('button', { name: 'Choose mood (Tired)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear mood' }));
    fireEvent.change(editor, { target: { value: 'Edited' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(callsTo(fetchMock, `PATCH /api/entries/${entry.id}`)[0]).toMatchObject({ moodTag: null });
  });

  it('/edit-entry/:id says when the 12 hours are over, with a way back', async () => {
    const entry = await sealedEntry('Too old', { createdAt: new Date(Date.now() - 13 * HOUR).toISOString() });
    await renderAt(`/edit-entry/${entry.id}`, { [`GET /api/entries/${entry.id}`]: json(entry) });
    expect(await screen.findByText(ENTRY_MESSAGES.editWindowExpired)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Edit entry' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('/edit-entry/:id says "Entry not found" for an unknown or foreign id', async () => {
    await renderAt('/edit-entry/00000000-0000-4000-8000-000000000000', {
      'GET /api/entries/00000000-0000-4000-8000-000000000000': apiError(404, 'NOT_FOUND', 'Entry not found'),
    });
    expect(await screen.findByText('Entry not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toBeTruthy();
  });
});
