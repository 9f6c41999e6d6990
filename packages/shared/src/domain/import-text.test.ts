import { describe, expect, it } from 'vitest';
import { ENTRY_LIMITS } from '../constants.ts';
import { extractHashtags } from './entry-search.ts';
import {
  importedText,
  MAX_IMPORT_PARTS,
  splitText,
  stripDayOneMoments,
  tagToHashtag,
} from './import-text.ts';

describe('Day One text on import', () => {
  it('drops attachment references and the blank lines they leave', () => {
    expect(stripDayOneMoments('Morning\r\n\r\n![](dayone-moment://ABC)\r\n\r\n\r\nEvening')).toBe(
      'Morning\n\nEvening',
    );
    expect(stripDayOneMoments('Song ![](dayone-moment:/audio/XYZ) here')).toBe('Song  here');
    expect(stripDayOneMoments('A [real link](https://example.com) stays')).toBe(
      'A [real link](https://example.com) stays',
    );
  });

  it('turns tags into themes Daybook recognises', () => {
    expect(tagToHashtag('Travel')).toBe('#travel');
    expect(tagToHashtag('Family Trips')).toBe('#family-trips');
    expect(tagToHashtag('  #Work/Life  ')).toBe('#work-life');
    expect(tagToHashtag('café')).toBe('#café');
    expect(tagToHashtag('2024')).toBeNull();
    expect(tagToHashtag('!!!')).toBeNull();
    const { parts } = importedText('Day', ['Family Trips', 'café', 'Travel']) as { parts: string[] };
    expect(extractHashtags(parts[0]!)).toEqual(['#family-trips', '#café', '#travel']);
  });

  it('appends tags as a last line, once, leaving out those the text already has', () => {
    expect(importedText('Ramen #food', ['Food', 'food', 'Tokyo'])).toEqual({
      parts: ['Ramen #food\n\n#tokyo'],
    });
    expect(importedText('', ['Quiet'])).toEqual({ parts: ['#quiet'] });
    expect(importedText('Just text')).toEqual({ parts: ['Just text'] });
  });

  it('keeps tags that cannot be themes as words, so no tag is lost', () => {
    expect(importedText('Birthday', ['Family', '2019', '42', '2019'])).toEqual({
      parts: ['Birthday\n\n#family · Tags: 2019, 42'],
    });
    expect(importedText('Quiet', ['2020'])).toEqual({ parts: ['Quiet\n\nTags: 2020'] });
  });

  it('splits a long entry into entries within the limit, each saying which part it is, with the tags, losing nothing', () => {
    const paragraphs = Array.from({ length: 300 }, (_, i) => `Paragraph ${i} of a long day.`);
    const text = paragraphs.join('\n\n');
    const result = importedText(text, ['Long']);
    expect(result.parts).not.toBeNull();
    const parts = result.parts!;
    expect(parts.length).toBeGreaterThan(1);
    for (const [index, part] of parts.entries()) {
      expect(part.length).toBeLessThanOrEqual(ENTRY_LIMITS.maxChars);
      expect(part.endsWith(`\n\n(part ${index + 1} of ${parts.length})\n\n#long`)).toBe(true);
    }
    expect(parts.map((p) => p.replace(/\n\n\(part \d+ of \d+\)\n\n#long$/, '')).join('\n\n')).toBe(text);
  });

  it('cuts a text without spaces at the limit, and reports one too long to split', () => {
    expect(splitText('x'.repeat(12_000), 5000).map((p) => p.length)).toEqual([5000, 5000, 2000]);
    expect(importedText('y'.repeat(ENTRY_LIMITS.maxChars * (MAX_IMPORT_PARTS + 1)))).toEqual({
      parts: null,
      reason: 'too_long',
    });
  });

  it('keeps the line of tags to a fifth of an entry', () => {
    const tags = Array.from({ length: 200 }, (_, i) => `tag-number-${i}`);
    const { parts } = importedText('Short', tags) as { parts: string[] };
    expect(parts).toHaveLength(1);
    expect(parts[0]!.length).toBeLessThanOrEqual(5 + 2 + ENTRY_LIMITS.maxChars / 5);
  });
});
