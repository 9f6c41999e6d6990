import {
  ENCRYPTION_MODE_LABELS,
  type EncryptionModeColumn,
  WHAT_EACH_MODE_PROTECTS,
  WHAT_THE_SERVER_READS,
} from '@daybook/shared';
import { InfoTable, type InfoTableColumn, type InfoTableRow } from './InfoTable.tsx';

/*
 * The two tables of what each mode lets the server read and what it protects against, from the one source in
 * packages/shared that the README holds too (ADR 101), so no page says more than another.
 */

const MODE_COLUMNS: readonly InfoTableColumn[] = (['standard', 'private'] as const).map(
  (key: EncryptionModeColumn) => ({ key, label: ENCRYPTION_MODE_LABELS[key] }),
);

const rowsOf = (rows: readonly (Record<EncryptionModeColumn, string> & { id: string; label: string })[]) =>
  rows.map(
    (row): InfoTableRow => ({
      id: row.id,
      label: row.label,
      cells: { standard: row.standard, private: row.private },
    }),
  );

const READS_ROWS = rowsOf(WHAT_THE_SERVER_READS.map((row) => ({ ...row, label: row.subject })));
const PROTECTION_ROWS = rowsOf(WHAT_EACH_MODE_PROTECTS.map((row) => ({ ...row, label: row.threat })));

export function WhatTheServerReadsTable() {
  return (
    <InfoTable
      caption="What the server can read, in each mode"
      rowHeaderLabel="Information"
      columns={MODE_COLUMNS}
      rows={READS_ROWS}
    />
  );
}

export function ModeProtectionTable() {
  return (
    <InfoTable
      caption="What each mode protects your journal against"
      rowHeaderLabel="Who or what"
      columns={MODE_COLUMNS}
      rows={PROTECTION_ROWS}
    />
  );
}
