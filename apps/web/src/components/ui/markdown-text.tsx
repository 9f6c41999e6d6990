import { looksLikeMarkdown, markdownToPlainText, resolveMarkdownEscapes } from '@daybook/shared';
import { type ReactNode, Suspense } from 'react';
import { cn } from '../../lib/cn.ts';
import { LazyMarkdownBody } from './markdown-body-lazy.tsx';
import type { MarkdownTextProps } from './markdown-props.ts';

/** docs/product/entries.md#entries-list's cut: the first `maxChars` characters, trailing spaces dropped, then "...". */
function cutText(text: string, maxChars: number | undefined): string {
  if (maxChars === undefined || text.length <= maxChars) return text;
  return `${text.slice(0, maxChars).trimEnd()}...`;
}

const showAsIs = (text: string): ReactNode => text;

/**
 * Entry text as Markdown (CommonMark and GitHub's extensions; ADR 064). Prose, escapes and all, is drawn at once
 * as plain text; only text with markup loads the parser, meanwhile showing the same words without the markup, so
 * the swap moves little.
 */
export function MarkdownText({ renderText = showAsIs, ...props }: MarkdownTextProps) {
  const { text, maxChars, id, className } = props;
  const isMarkdown = looksLikeMarkdown(text);
  const plain = (
    <p id={id} className={cn('break-words whitespace-pre-wrap', className)}>
      {renderText(cutText(isMarkdown ? markdownToPlainText(text) : resolveMarkdownEscapes(text), maxChars))}
    </p>
  );
  if (!isMarkdown) return plain;
  return (
    <Suspense fallback={plain}>
      <LazyMarkdownBody {...props} renderText={renderText} />
    </Suspense>
  );
}
