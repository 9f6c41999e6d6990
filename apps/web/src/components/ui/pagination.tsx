import { clampPageNumber } from '@daybook/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

export type PageItem = number | 'gap-start' | 'gap-end';

const MAX_ALL_PAGES = 7;

/** The page numbers to offer: all of them up to 7, otherwise the ends and the pages around `current`. */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= MAX_ALL_PAGES) return Array.from({ length: total }, (_, index) => index + 1);
  const start = Math.max(2, Math.min(current - 1, total - 4));
  const end = Math.min(total - 1, Math.max(current + 1, 5));
  const middle = Array.from({ length: end - start + 1 }, (_, index) => start + index);
  return [
    1,
    ...(start > 2 ? (['gap-start'] as const) : []),
    ...middle,
    ...(end < total - 1 ? (['gap-end'] as const) : []),
    total,
  ];
}

/** Keeps a page number within 1 and the last page. */
export const clampPage = clampPageNumber;

type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  label?: string;
  /** Shown, with Previous and Next disabled, even when everything fits on one page. */
  isShownForOnePage?: boolean;
  className?: string;
};

/** Previous, the page numbers and Next; hidden when everything fits on one page, unless asked otherwise. */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  label = 'Pagination',
  isShownForOnePage = false,
  className,
}: PaginationProps) {
  if (totalPages < 1 || (totalPages === 1 && !isShownForOnePage)) return null;
  const current = clampPage(page, totalPages);
  const go = (next: number) => onPageChange(clampPage(next, totalPages));

  return (
    <nav aria-label={label} className={cn('flex flex-wrap items-center justify-center gap-1', className)}>
      <Button
        variant="ghost"
        size="sm"
        aria-label="Previous page"
        onClick={() => go(current - 1)}
        disabled={current === 1}
      >
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <ul className="flex flex-wrap items-center gap-1">
        {pageItems(current, totalPages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Button
                variant={item === current ? 'secondary' : 'ghost'}
                size="sm"
                className="min-w-9 px-2"
                aria-current={item === current ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => go(item)}
              >
                {item}
              </Button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-1 text-muted-foreground">
              …
            </li>
          ),
        )}
      </ul>
      <Button
        variant="ghost"
        size="sm"
        aria-label="Next page"
        onClick={() => go(current + 1)}
        disabled={current === totalPages}
      >
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
