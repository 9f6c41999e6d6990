import { describe, expect, it } from 'vitest';
import { ENTRY_LIMITS } from '../constants.ts';
import { extractHashtags } from './entry-search.ts';
import {
  attachmentMark,
  attachmentMarkNumber,
  hasDayOneMoments,
  importedText,
  linkDayOneEntries,
  MAX_IMPORT_PARTS,
  placeDayOneMoments,
  splitText,
  stripDayOneMoments,
  tagToHashtag,
} from './import-text.ts';
import { markdownToPlainText } from './markdown.ts';

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

  it('puts each attachment where Day One referred to it, and drops references to what did not come in (ADR 088)', () => {
    const text =
      'Dawn\n\n![](dayone-moment://P1)\n\nA song ![](dayone-moment:/audio/A1) and a ticket ![](dayone-moment:/pdfAttachment/D1)';
    expect(hasDayOneMoments(text)).toBe(true);
    expect(hasDayOneMoments('No [link](https://example.com) here')).toBe(false);
    const marks: Record<string, string> = { P1: attachmentMark('Photo', 1), D1: attachmentMark('PDF', 2) };
    expect(placeDayOneMoments(text, (id) => marks[id] ?? null)).toBe(
      'Dawn\n\n![Photo 1](attachment:1)\n\nA song  and a ticket ![PDF 2](attachment:2)',
    );
    // Read as text (search, previews, a share's e-mail) a mark says what it is.
    expect(markdownToPlainText('See ![Photo 2](attachment:2)')).toBe('See Photo 2');
    expect(attachmentMarkNumber('attachment:2')).toBe(2);
    expect(attachmentMarkNumber('attachment:0')).toBeNull();
    expect(attachmentMarkNumber('https://example.com/attachment:2')).toBeNull();
  });

  it('turns links between Day One entries into links to the imported entry (ADR 088)', () => {
    expect(linkDayOneEntries('As on [that day](dayone2://view?entryId=ABC123&journalId=9).')).toBe(
      'As on [that day](/entry/dayone/ABC123).',
    );
    expect(linkDayOneEntries('See dayone2://view?entryId=F00D then')).toBe(
      'See [Linked entry](/entry/dayone/F00D) then',
    );
    expect(linkDayOneEntries('Other [links](https://dayoneapp.com) stay')).toBe(
      'Other [links](https://dayoneapp.com) stay',
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
