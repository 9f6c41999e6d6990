import { EXPORT_MESSAGES, type ExportSummary } from '@daybook/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DownloadedArchive } from '../../features/export/api.ts';
import { ExportSection } from '../../features/export/components/ExportSection.tsx';
import { apiError, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import ExportPage from './ExportRoute.tsx';

const SUMMARY = 'GET /api/export/summary';
const ARCHIVE = 'GET /api/export/archive';

const summary = (overrides: Partial<ExportSummary> = {}): ExportSummary => ({
  entryCount: 12,
  mediaCount: 2,
  mediaBytes: 3 * 1024 * 1024,
  estimatedBytes: 1000,
  firstDate: '2026-01-05',
  lastDate: '2026-03-16',
  ...overrides,
});

/** A streamed archive answer the test feeds chunk by chunk; aborting the request errors it like a browser. */
function streamedArchive() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const handler = ({ init }: { init: RequestInit | undefined }) => {
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
        init?.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return new Response(body, {
      headers: {
        'content-type': 'application/zip',
        'content-disposition': 'attachment; filename="daybook-export-2026-11-22.zip"',
      },
    });
  };
  return {
    handler,
    push: (bytes: number) => controller.enqueue(new Uint8Array(bytes)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
  };
}

function renderSection(handlers: Parameters<typeof stubApi>[0]) {
  const saved: DownloadedArchive[] = [];
  const fetchMock = stubApi({ ...signedInHandlers(), ...handlers });
  renderWithProviders(<ExportSection onSave={(archive) => saved.push(archive)} />);
  return { saved, fetchMock };
}

describe('/export', () => {
  it('is the Data & Export page, with skeletons while counting, then what the export holds', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi({
      ...signedInHandlers(),
      [SUMMARY]: () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/import/batches': json([]),
      'GET /api/import/current': json(null),
    });
    renderWithProviders(<ExportPage />, { path: '/export' });
    expect(screen.getByRole('heading', { level: 1, name: 'Data & Export' })).toBeTruthy();
    expect(await screen.findByText('Counting your entries')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(true);

    answer(new Response(JSON.stringify(summary()), { headers: { 'content-type': 'application/json' } }));
    expect(await screen.findByText('12 entries from Jan 5, 2026 to Mar 16, 2026')).toBeTruthy();
    expect(screen.getByText(/2 media files \(3\.0 MB\)/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(false);
    expect(await screen.findByText('Nothing imported yet.')).toBeTruthy();
  });

  it('shows an empty state and no export when there is nothing to export', async () => {
    renderSection({
      [SUMMARY]: json(
        summary({ entryCount: 0, mediaCount: 0, mediaBytes: 0, firstDate: null, lastDate: null }),
      ),
    });
    expect(await screen.findByText('No entries yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends the date range and refuses a reversed one', async () => {
    const { fetchMock } = renderSection({ [SUMMARY]: json(summary()) });
    await screen.findByText(/12 entries/);
    fireEvent.change(screen.getByLabelText('From (optional)'), { target: { value: '2026-02-01' } });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('summary?from=2026-02-01'))).toBe(
        true,
      ),
    );
    fireEvent.change(screen.getByLabelText('To (optional)'), { target: { value: '2026-01-01' } });
    expect(await screen.findByText(EXPORT_MESSAGES.rangeReversed)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('downloads with a progress bar, then says where the archive went', async () => {
    const archive = streamedArchive();
    const { saved } = renderSection({ [SUMMARY]: json(summary()), [ARCHIVE]: archive.handler });
    await screen.findByText(/12 entries/);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel export' })),
    );
    archive.push(500);
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    archive.push(600);
    archive.end();
    expect(
      await screen.findByText(/Your archive daybook-export-2026-11-22\.zip \(1\.1 KB\) has been downloaded/),
    ).toBeTruthy();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.bytes).toBe(1100);
    expect(saved[0]!.blob.size).toBe(1100);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('cancels a running export and keeps nothing', async () => {
    const archive = streamedArchive();
    const { saved, fetchMock } = renderSection({ [SUMMARY]: json(summary()), [ARCHIVE]: archive.handler });
    await screen.findByText(/12 entries/);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    archive.push(100);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByText(/Export cancelled/)).toBeTruthy();
    const init = fetchMock.mock.calls.find(([url]) => String(url).includes('/archive'))?.[1];
    expect(init?.signal?.aborted).toBe(true);
    expect(saved).toEqual([]);
  });

  it('says why an export failed: refused at once, or cut part-way', async () => {
    renderSection({
      [SUMMARY]: json(summary()),
      [ARCHIVE]: apiError(429, 'RATE_LIMITED', EXPORT_MESSAGES.tooMany),
    });
    await screen.findByText(/12 entries/);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByRole('alert')).textContent).toContain(EXPORT_MESSAGES.tooMany);
  });

  it('says the export failed when the download breaks', async () => {
    const archive = streamedArchive();
    const onSave = vi.fn();
    stubApi({ ...signedInHandlers(), [SUMMARY]: json(summary()), [ARCHIVE]: archive.handler });
    renderWithProviders(<ExportSection onSave={onSave} />);
    await screen.findByText(/12 entries/);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByRole('progressbar');
    archive.push(10);
    archive.fail();
    expect((await screen.findByRole('alert')).textContent).toContain(EXPORT_MESSAGES.failed);
    expect(onSave).not.toHaveBeenCalled();
  });
});
