import { describe, expect, it } from 'vitest';
import { looksLikeMarkdown, markdownToPlainText, resolveMarkdownEscapes } from './markdown.ts';

describe('resolveMarkdownEscapes', () => {
  it("reads Day One's escapes as the characters they stand for", () => {
    expect(resolveMarkdownEscapes('Buttes\\-Chaumont at 5\\.30\\! \\(again\\)')).toBe(
      'Buttes-Chaumont at 5.30! (again)',
    );
  });

  it('keeps a backslash before a letter, and drops one that ends a line', () => {
    expect(resolveMarkdownEscapes('C:\\Users\\n')).toBe('C:\\Users\\n');
    expect(resolveMarkdownEscapes('line\\\nnext')).toBe('line\nnext');
  });
});

describe('looksLikeMarkdown', () => {
  it.each([
    ['# Heading', 'a heading'],
    ['Intro\n## Part two', 'a heading on a later line'],
    ['> quoted', 'a quote'],
    ['- one\n- two', 'a list'],
    ['1. first', 'an ordered list'],
    ['- [x] done', 'a task'],
    ['some **bold** words', 'strong'],
    ['some *soft* words', 'emphasis'],
    ['some _soft_ words', 'emphasis with underscores'],
    ['~~no~~ yes', 'strikethrough'],
    ['run `npm test`', 'code'],
    ['```\ncode\n```', 'a fence'],
    ['see [the park](https://example.com)', 'a link'],
    ['see https://example.com', 'a bare link'],
    ['Title\n---', 'a setext heading'],
    ['fish &amp; chips', 'a character reference'],
  ])('is true for %j (%s)', (text) => {
    expect(looksLikeMarkdown(text)).toBe(true);
  });

  it.each([
    ['A quiet day at home.'],
    ['Buttes\\-Chaumont in the rain\\.'],
    ['5 * 3 = 15, and 2 - 1 = 1'],
    ['snake_case_name and #work'],
    ['I wrote [sic] and <b>bold</b> as text'],
    ['#hashtag at the start'],
  ])('is false for prose %j', (text) => {
    expect(looksLikeMarkdown(text)).toBe(false);
  });
});

describe('markdownToPlainText', () => {
  it('finds "Buttes-Chaumont" in an escaped import', () => {
    expect(markdownToPlainText('# Sunday\n\nWalked in **Buttes\\-Chaumont**\\.')).toBe(
      'Sunday\n\nWalked in Buttes-Chaumont.',
    );
  });

  it('removes block markers: headings, quotes, lists, tasks', () => {
    const markdown =
      '## Plans ##\n> keep calm\n> > and more\n- milk\n* eggs\n2. bread\n- [ ] call Ana\n- [x] post';
    expect(markdownToPlainText(markdown)).toBe(
      'Plans\nkeep calm\nand more\nmilk\neggs\nbread\ncall Ana\npost',
    );
  });

  it('keeps a link text and an image description, not their addresses', () => {
    expect(
      markdownToPlainText(
        'A [walk](https://example.com/a_(b) "t") and ![the lake](lake.jpg) <https://x.org>',
      ),
    ).toBe('A walk and the lake https://x.org');
    expect(markdownToPlainText('the [park][1]\n\n[1]: https://example.com')).toBe('the park\n');
  });

  it('removes emphasis, strong and strikethrough, but not underscores inside words', () => {
    expect(markdownToPlainText('*a* **b** ***c*** _d_ __e__ ~~f~~ snake_case_name')).toBe(
      'a b c d e f snake_case_name',
    );
  });

  it('keeps code as written, escapes and stars included', () => {
    expect(markdownToPlainText('run `a \\- *b*` now')).toBe('run a \\- *b* now');
    expect(markdownToPlainText('```js\nconst a = **b**;\n```\nafter')).toBe('const a = **b**;\nafter');
  });

  it('drops thematic breaks and setext underlines, and decodes character references', () => {
    expect(markdownToPlainText('Title\n===\ntext\n\n***\nfish &amp; chips &#233;t&eacute;')).toBe(
      'Title\ntext\n\nfish & chips ét&eacute;',
    );
  });

  it('leaves HTML as the text it is shown as', () => {
    expect(markdownToPlainText('**x** <script>alert(1)</script>')).toBe('x <script>alert(1)</script>');
  });

  it('leaves prose as it is, whitespace included', () => {
    const prose = '  Indented line\nA #theme and 5 * 3.';
    expect(markdownToPlainText(prose)).toBe(prose);
  });
});
