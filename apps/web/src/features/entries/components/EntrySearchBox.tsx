import { isSearchBoxDisabled } from '@daybook/shared';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { fieldControlClass } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDay } from '../../../lib/dates.ts';

/** docs/product/search.md#search-rules: the search applies 300 ms after typing stops, or at once on Enter. */
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_LABEL = 'Search entries';
export const SEARCH_PLACEHOLDER = 'Search entries...';

/** docs/product/search.md#search-rules: "Search entries..." or, with a day chosen, "Search in 21 Nov 2026...". */
export const searchPlaceholder = (date: string | null | undefined) =>
  date ? `Search in ${formatDay('mediumDate', date)}...` : SEARCH_PLACEHOLDER;

type EntrySearchBoxProps = {
  /** The search in force; the box follows it when it changes from outside (a link, Back). */
  value: string;
  onSearch: (text: string) => void;
  /** The day the search is limited to: said in the placeholder; the box is disabled while it is empty (docs/product/search.md#search-rules). */
  date?: string | null;
  className?: string;
};

/** The search box of the dashboard and /search: the text is never sent anywhere, search runs in the browser. */
export function EntrySearchBox({ value, onSearch, date = null, className }: EntrySearchBoxProps) {
  const [text, setText] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (followed !== value) {
    setFollowed(value);
    setText(value);
  }
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearchRef.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and Firefox before 118.
    <div role="search" aria-label={SEARCH_LABEL} className={className}>
      <form onSubmit={onSubmit} className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          type="search"
          aria-label={SEARCH_LABEL}
          value={text}
          placeholder={searchPlaceholder(date)}
          disabled={isSearchBoxDisabled(date, text)}
          onChange={(event) => setText(event.target.value)}
          maxLength={200}
          autoComplete="off"
          className={cn(fieldControlClass, 'h-10 pl-9')}
        />
      </form>
    </div>
  );
}
