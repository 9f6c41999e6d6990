import { lazy } from 'react';

/**
 * The Markdown renderer's chunk (the parser and `markdown-body.tsx`, about 24 KB gzip; ADR 064), asked for only
 * where some text needs it. Calling `loadMarkdownBody` early fetches it beside other work.
 */
export const loadMarkdownBody = () => import('./markdown-body.tsx');

export const LazyMarkdownBody = lazy(loadMarkdownBody);
