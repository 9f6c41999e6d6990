import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntrySearchBox, SEARCH_DEBOUNCE_MS } from './components/EntrySearchBox.tsx';

function Harness({ onSearch, date = null }: { onSearch: (text: string) => void; date?: string | null }) {
  const [value, setValue] = useState('');
  return (
    <EntrySearchBox
      value={value}
      date={date}
      onSearch={(text) => {
        setValue(text);
        onSearch(text);
      }}
    />
  );
}

const searchbox = () => screen.getByRole('searchbox', { name: 'Search entries' });

afterEach(() => {
  vi.useRealTimers();
});

describe('EntrySearchBox', () => {
  it('applies the text 300 ms after typing stops', async () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<Harness onSearch={onSearch} />);
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    fireEvent.change(searchbox(), { target: { value: 'li' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(searchbox(), { target: { value: 'light' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(onSearch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('light');
    // Nothing more happens until the text changes again.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('applies at once on Enter, and not again when the pause ends', async () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<Harness onSearch={onSearch} />);
    fireEvent.change(searchbox(), { target: { value: 'lighthouse' } });
    fireEvent.submit(searchbox());
    expect(onSearch).toHaveBeenCalledWith('lighthouse');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('is a labelled searchbox with the spec placeholder', () => {
    render(<Harness onSearch={() => {}} />);
    expect(searchbox().getAttribute('placeholder')).toBe('Search entries...');
    expect(screen.getByRole('search', { name: 'Search entries' })).toBeTruthy();
  });

  it('with a day chosen, says the day and is disabled while empty', () => {
    const { rerender } = render(<EntrySearchBox value="" onSearch={() => {}} date="2026-11-21" />);
    expect(searchbox().getAttribute('placeholder')).toBe('Search in Nov 21, 2026...');
    expect(searchbox()).toHaveProperty('disabled', true);
    rerender(<EntrySearchBox value="tea" onSearch={() => {}} date="2026-11-21" />);
    expect(searchbox()).toHaveProperty('disabled', false);
  });

  it('follows a search changed from outside', () => {
    const { rerender } = render(<EntrySearchBox value="tea" onSearch={() => {}} />);
    expect(searchbox()).toHaveProperty('value', 'tea');
    rerender(<EntrySearchBox value="" onSearch={() => {}} />);
    expect(searchbox()).toHaveProperty('value', '');
  });
});
