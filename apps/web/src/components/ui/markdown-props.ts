import type { ReactNode } from 'react';

/** What the Markdown renderers take: `MarkdownText` and the parser it loads on demand (markdown-body). */
export type MarkdownTextProps = {
  /** Markdown, as stored. */
  text: string;
  /** Given, the text is cut after this many characters as read, and "..." added. */
  maxChars?: number | undefined;
  /** How a run of plain text is drawn (the entry card makes its hashtags into buttons). */
  renderText?: ((text: string) => ReactNode) | undefined;
  /** The heading level an entry's `#` gets: the first below the page's own headings around it. */
  headingLevel: 2 | 3 | 4;
  id?: string | undefined;
  className?: string | undefined;
};
