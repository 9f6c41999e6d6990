import { describe, expect, it } from 'vitest';
import {
  collectThemes,
  extractHashtags,
  matchesCriteria,
  matchesSearch,
  matchesTheme,
  matchRuns,
  type SearchableEntry,
  splitHashtags,
  themeTag,
  themeTerm,
} from './entry-search.ts';

const entry = (text: string, extra: Partial<SearchableEntry> = {}): SearchableEntry => ({
  text,
  title: null,
  category: null,
  ...extra,
});

describe('hashtags', () => {
  it('finds tags after a start, a space or punctuation, lower-cased and without repeats', () => {
    expect(extractHashtags('#Work was long. Then (#family) and #work again, #self-care!')).toEqual([
      '#work',
      '#family',
      '#self-care',
    ]);
    expect(extractHashtags('Über #Café und #naïve')).toEqual(['#café', '#naïve']);
  });

  it('ignores what is not a tag: numbers, words with # inside, URL fragments, entities', () => {
    expect(extractHashtags('Room #1 and C# and a.com/#top and &#39; and ##')).toEqual([]);
    expect(extractHashtags('#2026goals counts, #2026 does not')).toEqual(['#2026goals']);
    expect(extractHashtags('#end- stops at the hyphen')).toEqual(['#end']);
  });

  it('splits a text into plain runs and tags, keeping every character', () => {
    const text = 'A walk #Garden, then #tea.';
    const segments = splitHashtags(text);
    expect(segments).toEqual([
      { text: 'A walk ' },
      { text: '#Garden', tag: '#garden' },
      { text: ', then ' },
      { text: '#tea', tag: '#tea' },
      { text: '.' },
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
    expect(splitHashtags('')).toEqual([]);
  });

  it('collects the themes of entries, most used first, skipping unreadable text', () => {
    const entries = [
      entry('#work #gym'),
      entry('#Work again'),
      entry('#family'),
      entry('#secret', { isDecryptionFailed: true }),
    ];
    expect(collectThemes(entries)).toEqual(['#work', '#family', '#gym']);
    expect(collectThemes(entries, 2)).toEqual(['#work', '#family']);
  });

  it('strips a leading # for the term and adds one for the tag', () => {
    expect(themeTerm('#Work')).toBe('work');
    expect(themeTerm('  ##work ')).toBe('work');
    expect(themeTag('Work')).toBe('#work');
  });
});

describe('matching', () => {
  it('searches text, title and category, case-insensitively and partially', () => {
    expect(matchesSearch(entry('Walked to the Lighthouse'), 'LIGHTHOUSE')).toBe(true);
    expect(matchesSearch(entry('Walked to the lighthouse'), 'house')).toBe(true);
    expect(matchesSearch(entry('', { title: 'Morning Pages' }), 'morning')).toBe(true);
    expect(matchesSearch(entry('', { category: 'Health' }), 'heal')).toBe(true);
    expect(matchesSearch(entry('Nothing here'), 'lighthouse')).toBe(false);
  });

  it('searches the text as read, not its Markdown', () => {
    const imported = entry(
      '# Paris\n\nA walk in **Buttes\\-Chaumont** with [Ana](https://example.com/ana)\\.',
    );
    expect(matchesSearch(imported, 'Buttes-Chaumont')).toBe(true);
    expect(matchesSearch(imported, 'in buttes-chaumont with ana.')).toBe(true);
    expect(matchesSearch(imported, 'example.com')).toBe(false);
    expect(collectThemes([entry('A [link](https://example.com/#top) and \\#work')])).toEqual(['#work']);
  });

  it('matches everything with an empty or blank query', () => {
    expect(matchesSearch(entry('x'), '')).toBe(true);
    expect(matchesSearch(entry('x'), '   ')).toBe(true);
  });

  it('keeps an entry whose text could not be decrypted: it cannot be ruled out', () => {
    const failed = entry('[Decryption failed - please contact support]', { isDecryptionFailed: true });
    expect(matchesSearch(failed, 'lighthouse')).toBe(true);
    expect(matchesTheme(failed, '#work')).toBe(true);
  });

  it('matches a theme with or without its #, partially, over text, title and category', () => {
    expect(matchesTheme(entry('Long day at #work'), '#work')).toBe(true);
    expect(matchesTheme(entry('Long day at #Work'), 'work')).toBe(true);
    expect(matchesTheme(entry('Did my homework'), '#work')).toBe(true);
    expect(matchesTheme(entry('', { title: 'Work notes' }), '#work')).toBe(true);
    expect(matchesTheme(entry('', { category: 'WORK' }), '#work')).toBe(true);
    expect(matchesTheme(entry('Family dinner'), '#work')).toBe(false);
    expect(matchesTheme(entry('Family dinner'), null)).toBe(true);
  });

  it('needs both the query and the theme', () => {
    const text = entry('Late at #work with the lighthouse report');
    expect(matchesCriteria(text, { query: 'lighthouse', theme: '#work' })).toBe(true);
    expect(matchesCriteria(text, { query: 'garden', theme: '#work' })).toBe(false);
    expect(matchesCriteria(text, { query: 'lighthouse', theme: '#family' })).toBe(false);
  });
});

describe('matchRuns', () => {
  it('cuts the text where the query occurs, case-insensitively, every time', () => {
    expect(matchRuns('River walk, then the RIVER again', 'river')).toEqual([
      { text: 'River', isMatch: true },
      { text: ' walk, then the ', isMatch: false },
      { text: 'RIVER', isMatch: true },
      { text: ' again', isMatch: false },
    ]);
  });

  it('leaves the text whole for an empty query or no match', () => {
    expect(matchRuns('Quiet day', '  ')).toEqual([{ text: 'Quiet day', isMatch: false }]);
    expect(matchRuns('Quiet day', 'storm')).toEqual([{ text: 'Quiet day', isMatch: false }]);
  });

  it('keeps positions right after a letter whose lower case is longer, and across emoji', () => {
    expect(matchRuns('İstanbul 🌊 tea at Kadıköy', 'tea')).toEqual([
      { text: 'İstanbul 🌊 ', isMatch: false },
      { text: 'tea', isMatch: true },
      { text: ' at Kadıköy', isMatch: false },
    ]);
    expect(matchRuns('Buttes-Chaumont', 'buttes-chaumont')).toEqual([
      { text: 'Buttes-Chaumont', isMatch: true },
    ]);
  });
});
