import { APP_NAME } from '@daybook/shared';
import { useEffect } from 'react';

/** Sets the tab title to "{title} · Daybook" while the calling page is mounted. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${APP_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
