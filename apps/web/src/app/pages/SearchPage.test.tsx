import { deriveEntryKey, ENTRY_MESSAGES, type Entry, encryptText } from '@daybook/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_MEASURE, searchEntries } from '../../features/entries/search.ts';
import { callsTo, json, signedInHandlers, stubApi } from '../../test/api.ts';
import { sealedEntry, storeTestEntryKey, TEST_SALT, testEntryKey } from '../../test/entries.ts';
import { jsonResponse, paragraphText, renderWithProviders } from '../../test/render.tsx';
import SearchPage from './SearchPage.tsx';

const CANDIDATES = 'GET /api/entries/search-candidates';

async function renderSearch(entries: Entry[]) {
  await storeTestEntryKey();
  const fetchMock = stubApi({
    ...signedInHandlers(),
    [CANDIDATES]: json({ entries, next: null }),
  });
  renderWithProviders(<SearchPage />, { path: '/search' });
  return { fetchMock };
}

function search(text: string) {
  const box = screen.getByRole('searchbox', { name: 'Search entries' });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.submit(box);
}

const measures = () => performance.getEntriesByName(SEARCH_MEASURE);

async function unreadableEntry(): Promise<Entry> {
  const otherKey = await deriveEntryKey('someone-else', TEST_SALT);
  const foreign = await encryptText(otherKey, 'lighthouse, but not yours');
  return sealedEntry('', { encryptedContent: foreign.ciphertext, encryptionIv: foreign.iv });
}

beforeEach(() => {
  performance.clearMeasures(SEARCH_MEASURE);
});

describe('search', () => {
  it('finds words in the decrypted text, title and category, whatever their case', async () => {
    const { fetchMock } = await renderSearch([
      await sealedEntry('Walked out to the Lighthouse at dusk'),
      await sealedEntry('Weeding the garden'),
      await sealedEntry('Nothing in the text', { title: 'LIGHTHOUSE notes' }),
      await sealedEntry('Nor here', { category: 'lighthouses' }),
    ]);
    expect(screen.getByText(/Type a word/)).toBeTruthy();
    search('lightHOUSE');
    expect(await screen.findByText('3 entries found')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByText(paragraphText('Walked out to the Lighthouse at dusk'))).toBeTruthy();
    // The words found are marked, as written.
    expect(screen.getAllByText('Lighthouse', { selector: 'mark' })).toHaveLength(1);
    expect(screen.queryByText('Weeding the garden')).toBeNull();
    // All time: no range is asked for; the text itself never leaves the browser.
    const [url] = fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((u) => u.includes('candidates'));
    expect(url).toBe('/api/entries/search-candidates');
    expect(measures().length).toBeGreaterThanOrEqual(1);
  });

  it('keeps an entry it cannot decrypt, saying so, without breaking the list', async () => {
    await renderSearch([await sealedEntry('The lighthouse again'), await unreadableEntry()]);
    search('lighthouse');
    expect(await screen.findByText('2 entries found')).toBeTruthy();
    const failed = screen.getByText(ENTRY_MESSAGES.decryptionFailed);
    expect(failed.closest('article')).toBeTruthy();
    expect(screen.getByText(paragraphText('The lighthouse again'))).toBeTruthy();
  });

  it('says when nothing matches', async () => {
    await renderSearch([await sealedEntry('Weeding the garden')]);
    search('lighthouse');
    expect(await screen.findByText('No entries match "lighthouse"')).toBeTruthy();
    expect(screen.getByText('0 entries found')).toBeTruthy();
  });

  it('pages the matches 5 at a time with their exact count', async () => {
    const entries = await Promise.all(
      Array.from({ length: 7 }, (_, index) => sealedEntry(`Garden day ${index + 1}`)),
    );
    await renderSearch([...entries, await sealedEntry('Something else')]);
    search('garden');
    expect(await screen.findByText('7 entries found')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(5);
    const pages = screen.getByRole('navigation', { name: 'Entry pages' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getByText(paragraphText('Garden day 7'))).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    // A new search starts on page 1.
    search('day');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
  });

  it('decrypts each entry once per session: searching again only filters', async () => {
    const decrypt = vi.spyOn(crypto.subtle, 'decrypt');
    await renderSearch([await sealedEntry('Walked to the lighthouse'), await sealedEntry('Garden')]);
    search('lighthouse');
    expect(await screen.findByText('1 entry found')).toBeTruthy();
    expect(decrypt).toHaveBeenCalledTimes(2);
    search('garden');
    expect(await screen.findByText('Garden')).toBeTruthy();
    expect(decrypt).toHaveBeenCalledTimes(2);
    // Each computed result is timed.
    expect(measures()).toHaveLength(2);
  });

  it('drops a search that a newer one replaced while it was still decrypting', async () => {
    const original = crypto.subtle.decrypt.bind(crypto.subtle);
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const decrypt = vi
      .spyOn(crypto.subtle, 'decrypt')
      .mockImplementation(async (...args: Parameters<SubtleCrypto['decrypt']>) => {
        await gate;
        return original(...args);
      });
    const entries = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        sealedEntry(index === 0 ? 'Only alpha here' : `Beta ${index}`),
      ),
    );
    const { fetchMock } = await renderSearch(entries);
    search('alpha');
    await waitFor(() => expect(callsTo(fetchMock, CANDIDATES)).toHaveLength(1));
    await waitFor(() => expect(decrypt).toHaveBeenCalled());
    search('beta');
    open();
    expect(await screen.findByText('19 entries found')).toBeTruthy();
    expect(screen.queryByText('Only alpha here')).toBeNull();
    // Only the newer search produced a result.
    expect(measures()).toHaveLength(1);
    expect(screen.queryByText('1 entry found')).toBeNull();
  });

  it('reads every page of the range, so the oldest entry is found however many came after it (ADR 069)', async () => {
    await storeTestEntryKey();
    const pages = [
      await Promise.all(Array.from({ length: 3 }, (_, i) => sealedEntry(`Recent day ${i}`))),
      await Promise.all(Array.from({ length: 3 }, (_, i) => sealedEntry(`Last year ${i}`))),
      [await sealedEntry('The lighthouse at Finisterre, years ago')],
    ];
    const cursor = (n: number) => `2020-01-0${n}T00:00:00.000000Z_00000000-0000-4000-8000-00000000000${n}`;
    const fetchMock = stubApi({
      ...signedInHandlers(),
      [CANDIDATES]: ({ url }) => {
        const after = url.searchParams.get('after');
        const index = after === null ? 0 : Number(after.slice(9, 10));
        return jsonResponse({ entries: pages[index], next: index < 2 ? cursor(index + 1) : null });
      },
    });
    renderWithProviders(<SearchPage />, { path: '/search' });
    search('lighthouse');
    expect(await screen.findByText('1 entry found')).toBeTruthy();
    expect(screen.getByText(paragraphText('The lighthouse at Finisterre, years ago'))).toBeTruthy();
    expect(callsTo(fetchMock, CANDIDATES)).toHaveLength(3);
  });
});

describe('searchEntries', () => {
  it('stops without a result or a measure once aborted', async () => {
    const { key } = await testEntryKey();
    const entries = await Promise.all(
      Array.from({ length: 12 }, (_, index) => sealedEntry(`Aborted ${index}`)),
    );
    const controller = new AbortController();
    const result = searchEntries(
      key,
      'user-1',
      entries,
      { query: 'aborted', theme: null },
      controller.signal,
    );
    controller.abort();
    await expect(result).rejects.toThrow();
    expect(measures()).toHaveLength(0);
  });

  it('filters by theme and search together, recording one measure', async () => {
    const { key } = await testEntryKey();
    const entries = [
      await sealedEntry('Late at #work, tea'),
      await sealedEntry('Tea with family'),
      await sealedEntry('#work again'),
    ];
    const matches = await searchEntries(key, 'user-1', entries, { query: 'TEA', theme: '#work' });
    expect(matches.map((entry) => entry.text)).toEqual(['Late at #work, tea']);
    expect(measures()).toHaveLength(1);
  });
});
