import { useState } from 'react';
import { useAuditLog } from '../api/admin-api.ts';
import { ListState, Pager, TableFrame, td, th, When } from './parts.tsx';

const ACTION_LABELS: Record<string, string> = {
  'user.disable': 'Disabled account',
  'user.enable': 'Enabled account',
  'user.grant_admin': 'Granted admin role',
  'user.revoke_admin': 'Revoked admin role',
  'user.change_plan': 'Changed plan',
  'user.confirm_email': 'Confirmed e-mail',
  'user.set_password': 'Set password',
  'user.two_step_off': 'Turned two-step sign-in off',
  backup: 'Backup',
  seed: 'Seeded sample data',
  'report.dismiss': 'Dismissed report',
  'report.revoke_share': 'Revoked reported share',
  'report.disable_sender': 'Disabled reported sender',
  'contact.mark_handled': 'Marked message handled',
  'mail.retry': 'Retried mail',
};

/** The details worth reading at a glance; ids stay in the record for whoever digs. */
function summary(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([key]) => !/id$/i.test(key))
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}

/** Every admin action, from the page and from the CLI, newest first. */
export function AuditSection() {
  const [page, setPage] = useState(0);
  const audit = useAuditLog(page);
  return (
    <ListState
      label="the audit log"
      isPending={audit.isPending}
      error={audit.error}
      onRetry={() => void audit.refetch()}
      isEmpty={audit.data?.items.length === 0}
      empty="No admin action has been taken yet."
    >
      <TableFrame caption="Audit log">
        <thead>
          <tr>
            <th scope="col" className={th}>
              When
            </th>
            <th scope="col" className={th}>
              Who
            </th>
            <th scope="col" className={th}>
              Action
            </th>
            <th scope="col" className={th}>
              Target
            </th>
            <th scope="col" className={th}>
              Details
            </th>
          </tr>
        </thead>
        <tbody>
          {audit.data?.items.map((row) => (
            <tr key={row.id}>
              <th scope="row" className={`${td} font-normal`}>
                <When iso={row.at} />
              </th>
              <td data-label="Who" className={`${td} break-all`}>
                {row.actor}
              </td>
              <td data-label="Action" className={td}>
                {ACTION_LABELS[row.action] ?? row.action}
              </td>
              <td data-label="Target" className={`${td} break-all`}>
                {row.target}
              </td>
              <td data-label="Details" className={`${td} text-muted-foreground`}>
                {summary(row.details) || '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </TableFrame>
      <Pager page={page} total={audit.data?.total ?? 0} onPageChange={setPage} label="Audit log pages" />
    </ListState>
  );
}
