import { APP_NAME } from '@daybook/shared';
import { useEffect } from 'react';

export const DEFAULT_DOCUMENT_TITLE = `${APP_NAME} — your private, encrypted journal`;

export function documentTitle(pageTitle?: string): string {
  return pageTitle ? `${pageTitle} · ${APP_NAME}` : DEFAULT_DOCUMENT_TITLE;
}

/**
 * Sets the tab title while the calling page is mounted, e.g. "About · Daybook"; without a title, the product's
 * own. On unmount the title before it comes back, so a screen shown over a page (an error, a "not available"
 * notice) hands the page its title again instead of leaving its own behind (ADR 022).
 */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = documentTitle(pageTitle);
    return () => {
      document.title = previous;
    };
  }, [pageTitle]);
}
