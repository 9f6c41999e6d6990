import { APP_NAME } from '@daybook/shared';
import { useEffect } from 'react';

export const DEFAULT_DOCUMENT_TITLE = `${APP_NAME} — your private, encrypted journal`;

export function documentTitle(pageTitle?: string): string {
  return pageTitle ? `${pageTitle} · ${APP_NAME}` : DEFAULT_DOCUMENT_TITLE;
}

/** Sets the tab title for the page, e.g. "About · Daybook"; without a title, the product's own. */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
