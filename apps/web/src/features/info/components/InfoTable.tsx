import type { ReactNode } from 'react';

export interface InfoTableColumn {
  key: string;
  label: string;
}

export interface InfoTableRow {
  id: string;
  /** Rendered as the row's header cell (`<th scope="row">`). */
  label: ReactNode;
  cells: Readonly<Record<string, ReactNode>>;
}

interface InfoTableProps {
  caption: string;
  /** Heading of the first column, the one that holds each row's label. */
  rowHeaderLabel: string;
  columns: readonly InfoTableColumn[];
  rows: readonly InfoTableRow[];
}

export function InfoTable({ caption, rowHeaderLabel, columns, rows }: InfoTableProps) {
  return (
    <div className="overflow-x-auto rounded-xl border border-[var(--border)]">
      <table className="w-full border-collapse text-left text-sm leading-6">
        <caption className="border-b border-[var(--border)] bg-[var(--surface)] px-4 py-3 text-left font-medium text-[var(--fg-muted)]">
          {caption}
        </caption>
        <thead className="bg-[var(--surface)]">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              {rowHeaderLabel}
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="px-4 py-2.5 font-semibold">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-[var(--border)] align-top">
              <th scope="row" className="px-4 py-3 font-medium">
                {row.label}
              </th>
              {columns.map((column) => (
                <td key={column.key} className="px-4 py-3 text-[var(--fg-muted)]">
                  {row.cells[column.key]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
