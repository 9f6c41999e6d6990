import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A 0-based page number kept in the address (`?page=2`), so Back and a reload keep the page. The API pages from 0
 * (docs/product/notifications.md#notifications-bell: "page 0, size 20"); anything unusable reads as 0.
 */
export function usePageParam(): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 0;
  const setPage = useCallback(
    (next: number) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next > 0) params.set('page', String(next));
        else params.delete('page');
        return params;
      }),
    [setSearchParams],
  );
  return [page, setPage];
}
