import { type AdminReport, REPORT_REASONS } from '@daybook/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { type ReportFilter, useReportAction, useReports } from '../api/admin-api.ts';
import { ListState, Pager, runAction, TableFrame, td, th, usePagedFilter, When } from './parts.tsx';

const FILTERS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
] as const;
const STATUS_LABELS: Record<AdminReport['status'], string> = {
  open: 'Open',
  dismissed: 'Dismissed',
  share_revoked: 'Share revoked',
  sender_disabled: 'Sender disabled',
};
const reasonLabel = (reason: string) => REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;

/** Reports recipients made of shares: what they said and when; the shared entry itself is never shown. */
export function ReportsSection() {
  const { filter: status, chooseFilter, page, setPage } = usePagedFilter<ReportFilter>('open');
  const reports = useReports(status, page);
  return (
    <div className="flex flex-col gap-4">
      <SegmentedControl
        label="Which reports"
        options={FILTERS}
        value={status}
        onValueChange={chooseFilter}
        className="self-start"
      />
      <ListState
        label="reports"
        isPending={reports.isPending}
        error={reports.error}
        onRetry={() => void reports.refetch()}
        isEmpty={reports.data?.items.length === 0}
        empty={status === 'open' ? 'No open reports. Nothing needs review.' : 'No reports here.'}
      >
        <TableFrame caption="Reports">
          <thead>
            <tr>
              <th scope="col" className={th}>
                Reported
              </th>
              <th scope="col" className={th}>
                Reason and details
              </th>
              <th scope="col" className={th}>
                Sender
              </th>
              <th scope="col" className={th}>
                Status
              </th>
              <th scope="col" className={th}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {reports.data?.items.map((report) => (
              <ReportRow key={report.id} report={report} />
            ))}
          </tbody>
        </TableFrame>
        <Pager page={page} total={reports.data?.total ?? 0} onPageChange={setPage} label="Report pages" />
      </ListState>
    </div>
  );
}

function ReportRow({ report }: { report: AdminReport }) {
  const action = useReportAction();
  const sender = report.sender.name || report.sender.email;
  const isOpen = report.status === 'open';
  return (
    <tr>
      <th scope="row" className={`${td} font-normal`}>
        <When iso={report.createdAt} />
      </th>
      <td data-label="Reason and details" className={`${td} max-w-sm`}>
        <p className="font-medium">{reasonLabel(report.reason)}</p>
        {report.details ? (
          <p className="break-words whitespace-pre-wrap text-muted-foreground">{report.details}</p>
        ) : (
          <p className="text-muted-foreground">No details given.</p>
        )}
      </td>
      <td data-label="Sender" className={td}>
        <span className="flex flex-col">
          <span>{report.sender.name || '—'}</span>
          <span className="text-muted-foreground">{report.sender.email}</span>
          {report.sender.isDisabled ? <Badge variant="warning">Disabled</Badge> : null}
        </span>
      </td>
      <td data-label="Status" className={td}>
        <span className="flex flex-col gap-1">
          <Badge variant={isOpen ? 'warning' : 'neutral'}>{STATUS_LABELS[report.status]}</Badge>
          <span className="text-xs text-muted-foreground">Share {report.share.status}</span>
        </span>
      </td>
      <td data-label="Actions" className={td}>
        {isOpen ? (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={action.isPending}
              onClick={() =>
                void runAction(
                  () => action.mutateAsync({ reportId: report.id, action: 'dismiss' }),
                  'Report dismissed.',
                )
              }
            >
              Dismiss
            </Button>
            <ConfirmButton
              size="sm"
              variant="outline"
              disabled={action.isPending}
              title="Revoke this share?"
              description="The recipient can no longer open the shared entry, in the app or by its link. This cannot be undone."
              confirmLabel="Revoke share"
              onConfirm={() =>
                runAction(
                  () => action.mutateAsync({ reportId: report.id, action: 'revoke-share' }),
                  'Share revoked.',
                )
              }
            >
              Revoke share
            </ConfirmButton>
            <ConfirmButton
              size="sm"
              variant="destructive"
              disabled={action.isPending || report.sender.isDisabled}
              title={`Disable ${sender}?`}
              description="The sender is signed out everywhere and cannot sign in until an administrator enables the account again."
              confirmLabel="Disable sender"
              onConfirm={() =>
                runAction(
                  () => action.mutateAsync({ reportId: report.id, action: 'disable-sender' }),
                  `${sender} is disabled.`,
                )
              }
            >
              Disable sender
            </ConfirmButton>
          </div>
        ) : (
          <span className="text-muted-foreground">
            Handled <When iso={report.resolvedAt} />
          </span>
        )}
      </td>
    </tr>
  );
}
