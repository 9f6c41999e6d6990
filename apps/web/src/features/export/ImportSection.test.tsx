import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportPreview,
  type ImportReport,
  MODERATION_MESSAGES,
} from '@daybook/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
  expiresAt: '2026-11-22T12:00:00.000Z',
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

describe('ImportSection', () => {
  it('uploads with progress, previews what will be imported and skipped, then imports and reports', async () => {
    const xhr = fakeXhr();
    const fetchMock = stubApi({
      ...signedInHandlers(),
      [`POST /api/import/${ID}/confirm`]: json(report),
    });
    renderWithProviders(<ImportSection />);

    await chooseFile(zipFile());
    expect(xhr.last.url).toBe('/api/import/preview');
    expect((xhr.last.body as FormData).get('archive')).toBeInstanceOf(File);
    xhr.last.progress(40, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading archive' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');

    xhr.last.respond(201, preview());
    expect(await screen.findByRole('heading', { name: 'Ready to import: Day One export' })).toBeTruthy();
    expect(screen.getByText('24 Dec 2022 to 01 Jun 2023')).toBeTruthy();
    expect(screen.getByText('1 item will be skipped')).toBeTruthy();
    expect(screen.getByText(/this file type is not supported/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Import 3 entries' }));
    expect(await screen.findByText('Imported 3 entries with 1 attachment.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/import/${ID}/confirm`,
      expect.objectContaining({ method: 'POST' }),
    );
    expect(screen.getByRole('link', { name: 'See them on your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
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

  it('offers the attachments an earlier import left out, and says they joined their entries (issue 25 row 11)', async () => {
    const xhr = fakeXhr();
    stubApi({
      ...signedInHandlers(),
      [`POST /api/import/${ID}/confirm`]: json({
        ...report,
        imported: 0,
        duplicates: 3,
        media: 2,
        attachments: 2,
        skippedCount: 0,
        skipped: [],
      }),
    });
    renderWithProviders(<ImportSection />);
    await chooseFile(zipFile());
    xhr.last.respond(
      201,
      preview({ newEntries: 0, duplicates: 3, media: 2, attachments: 2, skippedCount: 0, skipped: [] }),
    );
    expect(await screen.findByText('Attachments for entries you have')).toBeTruthy();
    expect(screen.queryByText('Everything in this archive is already in your journal.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 attachments' }));
    expect(await screen.findByText('Added 2 attachments to entries already in your journal.')).toBeTruthy();
  });

  it("shows the server's message for a bad archive, and lets the person choose another", async () => {
    const xhr = fakeXhr();
    stubApi(signedInHandlers());
    renderWithProviders(<ImportSection />);
    await chooseFile(zipFile());
    xhr.last.respond(400, { code: 'VALIDATION_FAILED', message: IMPORT_MESSAGES.bomb });
    expect((await screen.findByRole('alert')).textContent).toContain(IMPORT_MESSAGES.bomb);
    fireEvent.click(screen.getByRole('button', { name: 'Choose another archive' }));
    expect(screen.getByLabelText('Choose a .zip archive or drop it here')).toBeTruthy();
  });

  it('refuses an archive over the upload limit before sending it', async () => {
    const xhr = fakeXhr();
    stubApi(signedInHandlers());
    renderWithProviders(<ImportSection />);
    const huge = zipFile();
    Object.defineProperty(huge, 'size', { value: IMPORT_LIMITS.maxArchiveBytes + 1 });
    await chooseFile(huge);
    expect((await screen.findByRole('alert')).textContent).toContain(IMPORT_MESSAGES.tooLarge);
    expect(xhr.requests).toHaveLength(0);
  });

  it('says when everything is already imported, and drops the preview on cancel', async () => {
    const xhr = fakeXhr();
    let dropped = false;
    stubApi({
      ...signedInHandlers(),
      [`DELETE /api/import/${ID}`]: () => {
        dropped = true;
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<ImportSection />);
    await chooseFile(zipFile());
    xhr.last.respond(
      201,
      preview({ newEntries: 0, duplicates: 3, media: 0, firstDate: null, lastDate: null }),
    );
    expect(await screen.findByText('Everything in this archive is already in your journal.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose another archive' }));
    await waitFor(() => expect(dropped).toBe(true));
  });
});
