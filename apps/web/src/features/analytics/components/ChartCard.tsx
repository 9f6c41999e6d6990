import { type ReactNode, useId } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

type ChartCardProps = {
  title: string;
  /** One sentence a reader takes away, shown under the title. */
  summary: string;
  /** The chart's numbers as a table, for screen readers (the drawing is hidden from them). */
  table: { headers: [string, string]; rows: Array<[string, string | number]> };
  /** Shown instead of the chart when there is nothing to draw. */
  emptyMessage?: string | null;
  /** False while earlier charts are still being drawn: a skeleton holds the chart's place. */
  isDrawn: boolean;
  /** Pixels, for a chart whose rows need more room than the usual 224 (h-56). */
  chartHeight?: number;
  children: ReactNode;
};

export function ChartCard({
  title,
  summary,
  table,
  emptyMessage,
  isDrawn,
  chartHeight,
  children,
}: ChartCardProps) {
  const titleId = useId();
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-4 sm:p-5">
      <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3">
        <div>
          <h2 id={titleId} className="text-base font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{emptyMessage ?? summary}</p>
        </div>
        {emptyMessage ? null : (
          <>
            <div
              aria-hidden="true"
              className="h-56 min-w-0"
              style={chartHeight ? { height: chartHeight } : undefined}
            >
              {isDrawn ? children : <Skeleton className="size-full" />}
            </div>
            {isDrawn ? (
              <table className="sr-only">
                <caption>{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{table.headers[0]}</th>
                    <th scope="col">{table.headers[1]}</th>
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map(([label, value]) => (
                    <tr key={label}>
                      <th scope="row">{label}</th>
                      <td>{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </>
        )}
      </section>
    </Card>
  );
}
