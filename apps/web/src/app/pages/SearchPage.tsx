import type { CandidatesQuery } from '@daybook/shared';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, EntryFeedView } from '../../features/entries/components/EntryList.tsx';
import { EntrySearchBox } from '../../features/entries/components/EntrySearchBox.tsx';
import { entryCount } from '../../features/entries/format.ts';
import { useEntrySearchFeed } from '../../features/entries/hooks/use-entry-feed.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { renderEntryMedia } from './entry-media.tsx';
import { renderEntryShare } from './entry-share.tsx';

const ALL_TIME: CandidatesQuery = {};

/**
 * /search: the dashboard's search over all time, on a page of its own. The text stays in this page (not in
 * the address, which would carry it to server logs on a reload): entries are searched in the browser.
 */
export default function SearchPage() {
  useDocumentTitle('Search');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const trimmed = query.trim();
  const isSearching = trimmed !== '';
  const feed = useEntrySearchFeed({
    range: ALL_TIME,
    criteria: { query, theme: null },
    page,
    enabled: isSearching,
  });

  const onSearch = (text: string) => {
    setQuery(text);
    setPage(1);
  };

  return (
    <div className="page-container py-8 sm:py-10">
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-semibold sm:text-4xl">Search</h1>
          <p className="text-muted-foreground">
            Search everything you have written. Entries are decrypted and searched in this browser; what you
            type is never sent anywhere.
          </p>
        </div>
        <EntrySearchBox value={query} onSearch={onSearch} />
        {isSearching ? (
          <EntryFeedView
            feed={feed}
            title="Results"
            page={page}
            onPageChange={setPage}
            countText={`${entryCount(feed.total)} found`}
            emptyState={<EmptyState message={`No entries match "${trimmed}"`} />}
            onThemeSelect={onSearch}
            highlight={trimmed}
            renderMedia={renderEntryMedia}
            renderShare={renderEntryShare}
          />
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-card border border-dashed px-6 py-12 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-tint text-tint-foreground">
              <Search aria-hidden="true" className="size-6" />
            </span>
            <p className="font-medium">Type a word, a #theme or a title to find entries.</p>
            <p className="max-w-md text-sm text-muted-foreground">
              Every entry you have written is searched, from the first one on, and the matching words are
              marked.
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
