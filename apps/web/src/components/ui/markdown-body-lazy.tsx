import { type ComponentType, lazy } from 'react';
import { cn } from '../../lib/cn.ts';
import type { MarkdownTextProps } from './markdown-props.ts';

/** Where the chunk cannot load (offline before it was cached, a deploy that replaced it), the text shows as written. */
function TextAsWritten({ text, id, className }: MarkdownTextProps) {
  return (
    <p id={id} className={cn('break-words whitespace-pre-wrap', className)}>
      {text}
    </p>
  );
}

let loading: Promise<{ default: ComponentType<MarkdownTextProps> }> | null = null;

/**
 * The Markdown renderer's chunk (the parser and `markdown-body.tsx`, about 24 KB gzip; ADR 064), asked for only
 * where some text needs it. Calling it early fetches the chunk beside other work; it never rejects.
 */
export function loadMarkdownBody() {
  loading ??= import('./markdown-body.tsx').catch(() => ({ default: TextAsWritten }));
  return loading;
}

export const LazyMarkdownBody = lazy(loadMarkdownBody);
