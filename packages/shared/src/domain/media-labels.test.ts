import { describe, expect, it } from 'vitest';
import { captionOf, mediaDownloadName } from './media-labels.ts';

describe('captionOf', () => {
  it("is the text's first line as read, without markup", () => {
    expect(captionOf('# The harbour at **low** tide\n\nWe sat on the wall.')).toBe('The harbour at low tide');
    expect(captionOf('\n\n  Buttes\\-Chaumont  \nmore')).toBe('Buttes-Chaumont');
    expect(captionOf('[A walk](https://example.com) by the sea')).toBe('A walk by the sea');
  });

  it('cuts a long first line as the list does, at 200 characters then "..."', () => {
    const long = `${'word '.repeat(50)}end`;
    const caption = captionOf(long);
    expect(caption).toBe(`${long.slice(0, 200).trimEnd()}...`);
    expect(caption.length).toBeLessThanOrEqual(203);
    expect(captionOf('a'.repeat(200))).toBe('a'.repeat(200));
  });

  it('is empty for an entry without words', () => {
    expect(captionOf('')).toBe('');
    expect(captionOf('  \n---\n')).toBe('');
  });
});

describe('mediaDownloadName', () => {
  it("names the file by the day and time on the writer's clock, with the stored file's extension", () => {
    const instant = '2026-11-28T20:04:00Z';
    expect(mediaDownloadName(instant, 'Europe/London', 'u1/2026-11-28/abc.JPG')).toBe(
      'daybook-2026-11-28-2004.jpg',
    );
    expect(mediaDownloadName(instant, 'Pacific/Auckland', 'u1/2026-11-29/abc.webm')).toBe(
      'daybook-2026-11-29-0904.webm',
    );
    expect(mediaDownloadName(new Date(instant), 'America/New_York', 'u1/d/abc.m4a')).toBe(
      'daybook-2026-11-28-1504.m4a',
    );
  });

  it('reads an unknown zone as UTC, and leaves out what it cannot know', () => {
    expect(mediaDownloadName('2026-11-28T00:05:00Z', 'Mars/Olympus', 'x/y/z.png')).toBe(
      'daybook-2026-11-28-0005.png',
    );
    expect(mediaDownloadName('2026-11-28T00:05:00Z', 'UTC', null)).toBe('daybook-2026-11-28-0005');
    expect(mediaDownloadName('not a date', 'UTC', 'x/y/z.mp4')).toBe('daybook.mp4');
  });
});
