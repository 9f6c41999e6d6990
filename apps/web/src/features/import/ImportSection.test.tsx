import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportJob,
  type ImportPreview,
  type ImportReport,
  type LiveEvent,
  MODERATION_MESSAGES,
} from '@daybook/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { invalidateForLiveEvent } from '../../lib/live-stream.ts';
import { json, signedInHandlers, stubApi } from '../../test/api.ts';
import { fakeXhr } from '../../test/browser-api-fakes.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ImportSection } from './components/ImportSection.tsx';
import { ImportReportSummary } from './components/ImportSummaries.tsx';

const ID = '0f4d2a64-5c1c-4b7e-9a43-2a3b2f1b9c11';

const preview = (overrides: Partial<ImportPreview> = {}): ImportPreview => ({
  id: ID,
  source: 'dayone',
  archiveEntries: 3,
  newEntries: 3,
  duplicates: 1,
  media: 1,
  attachments: 0,
  firstDate: '2022-12-24',
  lastDate: '2023-06-01',
  skippedCount: 1,
  skipped: [{ item: 'photos/abc.heic', reason: 'Entry of 2023-06-01: this file type is not supported.' }],
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  ...overrides,
});

const report: ImportReport = {
  imported: 3,
  duplicates: 0,
  media: 1,
  attachments: 0,
  skippedCount: 1,
  skipped: preview().skipped,
  crisisResources: null,
  batchId: '5b0c1f3e-2d4a-4c6b-8e9f-0a1b2c3d4e5f',
};

const zipFile = (size = 10) => new File([new Uint8Array(size)], 'dayone.zip', { type: 'application/zip' });
const chooseFile = async (file: File) =>
  fireEvent.change(await screen.findByLabelText('Choose a .zip archive or drop it here'), {
    target: { files: [file] },
  });

/** The import as the server shows it at each step. */
const job = (overrides: Partial<ImportJob> = {}): ImportJob => ({
  id: ID,
  state: 'checking',
  source: null,
  progress: { done: 0, total: null, fraction: 0 },
  preview: null,
  report: null,
  error: null,
  createdAt: '2026-11-22T11:00:00.000Z',
  ...overrides,
});

const ready = (previewOverrides: Partial<ImportPreview> = {}) =>
  job({
    state: 'ready',
    source: 'dayone',
    progress: { done: 3, total: 3, fraction: 1 },
    preview: preview(previewOverrides),
  });

/**
 * The server's side of an import: GET /api/import/current answers `current`, which the test moves on as the job
 * would; `tell` is the live `import` event the job sends, handled as the live stream handles it.
 */
function importServer(initial: ImportJob | null = null, handlers: Parameters<typeof stubApi>[0] = {}) {
  const server: { current: ImportJob | null; fetchMock: ReturnType<typeof stubApi> } = {
    current: initial,
    fetchMock: stubApi({
      ...signedInHandlers(),
      'GET /api/import/current': (): Response | Promise<Response> => json(server.current)(undefined as never),
      ...handlers,
    }),
  };
  return server;
}

const event: LiveEvent = { type: 'import', id: ID };

describe('ImportSection', () => {
  it('uploads with progress, shows the check as the job goes, previews, then imports with progress and reports', async () => {
    const xhr = fakeXhr();
    const server = importServer(null, {
      [`POST /api/import/${ID}/confirm`]: () => {
        server.current = job({
          state: 'importing',
          source: 'dayone',
          progress: { done: 0, total: 3, fraction: 0 },
        });
        return json(server.current)(undefined as never);
      },
    });
    const { queryClient } = renderWithProviders(<ImportSection />);
    const tell = () => invalidateForLiveEvent(queryClient, event);

    await chooseFile(zipFile());
    expect(xhr.last.url).toBe('/api/import');
    expect((xhr.last.body as FormData).get('archive')).toBeInstanceOf(File);
    xhr.last.progress(40, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading archive' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');

    server.current = job();
    xhr.last.respond(202, server.current);
    expect(await screen.findByText('Checking the archive…')).toBeTruthy();
    expect(screen.getByText('This runs on the server: you can leave this page and come back.')).toBeTruthy();

    server.current = job({ progress: { done: 1200, total: null, fraction: 0.4 } });
    await tell();
    expect(await screen.findByText('Checking the archive: 1,200 entries read…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Checking archive' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );

    server.current = ready();
    await tell();
    expect(await screen.findByRole('heading', { name: 'Ready to import: Day One export' })).toBeTruthy();
    expect(screen.getByText('Dec 24, 2022 to Jun 1, 2023')).toBeTruthy();
    expect(screen.getByText('1 item will be skipped')).toBeTruthy();
    expect(screen.getByText(/this file type is not supported/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Import 3 entries' }));
    expect(await screen.findByText('Importing 0 of 3 entries…')).toBeTruthy();
    expect(server.fetchMock).toHaveBeenCalledWith(
      `/api/import/${ID}/confirm`,
      expect.objectContaining({ method: 'POST' }),
    );
    server.current = job({
      state: 'importing',
      source: 'dayone',
      progress: { done: 2, total: 3, fraction: 2 / 3 },
    });
    await tell();
    expect(await screen.findByText('Importing 2 of 3 entries…')).toBeTruthy();

    server.current = job({
      state: 'done',
      source: 'dayone',
      progress: { done: 3, total: 3, fraction: 1 },
      report,
    });
    await tell();
    expect(await screen.findByText('Imported 3 entries with 1 attachment.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See them on your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('shows the import under way when the page is opened again, and cancels it', async () => {
    let cancelled = false;
    const server = importServer(
      job({ state: 'importing', source: 'dayone', progress: { done: 150, total: 600, fraction: 0.25 } }),
      {
        [`DELETE /api/import/${ID}`]: () => {
          cancelled = true;
          server.current = null;
          return new Response(null, { status: 204 });
        },
      },
    );
    renderWithProviders(<ImportSection />);
    expect(await screen.findByText('Importing 150 of 600 entries…')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel and remove what was imported' }));
    await waitFor(() => expect(cancelled).toBe(true));
    expect(await screen.findByLabelText('Choose a .zip archive or drop it here')).toBeTruthy();
  });

  it('ends the report with the crisis resources when an imported entry read as a crisis (ADR 063)', async () => {
    stubApi(signedInHandlers());
    renderWithProviders(
      <ImportReportSummary
        report={{ ...report, crisisResources: MODERATION_MESSAGES.crisis }}
        onAgain={() => {}}
      />,
    );
    expect(await screen.findByText(MODERATION_MESSAGES.crisis)).toBeTruthy();
    expect(screen.getByText('Imported 3 entries with 1 attachment.')).toBeTruthy();
  });

  it('offers the attachments an earlier import left out, and says they joined their entries (ADR 062)', async () => {
    const attachmentsOnly = {
      newEntries: 0,
      duplicates: 3,
      media: 2,
      attachments: 2,
      skippedCount: 0,
      skipped: [],
    };
    const server = importServer(ready(attachmentsOnly), {
      [`POST /api/import/${ID}/confirm`]: () => {
        server.current = job({
          state: 'done',
          source: 'dayone',
          report: { ...report, ...attachmentsOnly, imported: 0 },
        });
        return json(server.current)(undefined as never);
      },
    });
    renderWithProviders(<ImportSection />);
    expect(await screen.findByText('Attachments for entries you have')).toBeTruthy();
    expect(screen.queryByText('Everything in this archive is already in your journal.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 attachments' }));
    expect(await screen.findByText('Added 2 attachments to entries already in your journal.')).toBeTruthy();
  });

  it('shows why the job refused an archive, and lets the person choose another', async () => {
    let dismissed = false;
    const server = importServer(
      job({ state: 'failed', error: { code: 'VALIDATION_FAILED', message: IMPORT_MESSAGES.bomb } }),
      {
        [`DELETE /api/import/${ID}`]: () => {
          dismissed = true;
          server.current = null;
          return new Response(null, { status: 204 });
        },
      },
    );
    renderWithProviders(<ImportSection />);
    expect((await screen.findByRole('alert')).textContent).toContain(IMPORT_MESSAGES.bomb);
    fireEvent.click(screen.getByRole('button', { name: 'Choose another archive' }));
    await waitFor(() => expect(dismissed).toBe(true));
    expect(await screen.findByLabelText('Choose a .zip archive or drop it here')).toBeTruthy();
  });

  it("shows the server's answer when an upload is refused (another import running)", async () => {
    const xhr = fakeXhr();
    importServer();
    renderWithProviders(<ImportSection />);
    await chooseFile(zipFile());
    xhr.last.respond(409, { code: 'CONFLICT', message: IMPORT_MESSAGES.alreadyRunning });
    expect((await screen.findByRole('alert')).textContent).toContain(IMPORT_MESSAGES.alreadyRunning);
    fireEvent.click(screen.getByRole('button', { name: 'Choose another archive' }));
    expect(screen.getByLabelText('Choose a .zip archive or drop it here')).toBeTruthy();
  });

  it('refuses an archive over the upload limit before sending it', async () => {
    const xhr = fakeXhr();
    importServer();
    renderWithProviders(<ImportSection />);
    const huge = zipFile();
    Object.defineProperty(huge, 'size', { value: IMPORT_LIMITS.maxArchiveBytes + 1 });
    await chooseFile(huge);
    expect((await screen.findByRole('alert')).textContent).toContain(IMPORT_MESSAGES.tooLarge);
    expect(xhr.requests).toHaveLength(0);
  });

  it('says when everything is already imported, and drops the preview on cancel', async () => {
    let dropped = false;
    importServer(ready({ newEntries: 0, duplicates: 3, media: 0, firstDate: null, lastDate: null }), {
      [`DELETE /api/import/${ID}`]: () => {
        dropped = true;
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<ImportSection />);
    expect(await screen.findByText('Everything in this archive is already in your journal.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose another archive' }));
    await waitFor(() => expect(dropped).toBe(true));
  });

  it('says when a preview left waiting has expired, and lets the person start again', async () => {
    let dropped = false;
    const server = importServer(ready({ expiresAt: new Date(Date.now() - 1000).toISOString() }), {
      [`DELETE /api/import/${ID}`]: () => {
        dropped = true;
        server.current = null;
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<ImportSection />);
    expect((await screen.findByRole('alert')).textContent).toContain(IMPORT_MESSAGES.expired);
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose another archive' }));
    await waitFor(() => expect(dropped).toBe(true));
    expect(await screen.findByLabelText('Choose a .zip archive or drop it here')).toBeTruthy();
  });
});
