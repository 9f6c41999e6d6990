import type { AdminUser, PlanId } from '@daybook/shared';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useUserAction, useUsers } from '../api/admin-api.ts';
import { ListState, Pager, runAction, TableFrame, td, th, usePagedFilter, When } from './parts.tsx';

const STATE_LABELS: Record<AdminUser['state'], string> = {
  active: 'Active',
  disabled: 'Disabled',
  unconfirmed: 'Unconfirmed',
  deletion_scheduled: 'Deletion scheduled',
};
const PLANS: { value: PlanId; label: string }[] = [
  { value: 'free', label: 'Free' },
  { value: 'basic', label: 'Basic' },
  { value: 'premium', label: 'Premium' },
];

/** People: search, plan, state and dates, and the actions on an account. Never anything they wrote. */
export function UsersSection({ currentUserId }: { currentUserId: string }) {
  const [draft, setDraft] = useState('');
  const { filter: query, chooseFilter: search, page, setPage } = usePagedFilter('');
  const users = useUsers(query, page);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    search(draft.trim());
  };

  return (
    <div className="flex flex-col gap-4">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for some screen readers and for jsdom. */}
      <form role="search" onSubmit={onSearch} className="flex max-w-xl gap-2">
        <label htmlFor="admin-user-search" className="sr-only">
          Search people by e-mail or name
        </label>
        <Input
          id="admin-user-search"
          type="search"
          placeholder="Search by e-mail or name"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" />
          Search
        </Button>
      </form>
      <ListState
        label="people"
        isPending={users.isPending}
        error={users.error}
        onRetry={() => void users.refetch()}
        isEmpty={users.data?.items.length === 0}
        empty={query ? `Nobody matches “${query}”.` : 'No accounts yet.'}
      >
        <TableFrame caption="People">
          <thead>
            <tr>
              <th scope="col" className={th}>
                Person
              </th>
              <th scope="col" className={th}>
                Plan
              </th>
              <th scope="col" className={th}>
                State
              </th>
              <th scope="col" className={th}>
                Created
              </th>
              <th scope="col" className={th}>
                Last seen
              </th>
              <th scope="col" className={th}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {users.data?.items.map((user) => (
              <UserRow key={user.id} user={user} isSelf={user.id === currentUserId} />
            ))}
          </tbody>
        </TableFrame>
        <Pager page={page} total={users.data?.total ?? 0} onPageChange={setPage} label="People pages" />
      </ListState>
    </div>
  );
}

function UserRow({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const action = useUserAction();
  const who = user.name || user.email;
  return (
    <tr>
      <th scope="row" className={`${td} font-normal`}>
        <span className="flex flex-col">
          <span className="font-medium">
            {user.name || '—'}{' '}
            {user.role === 'admin' ? (
              <Badge variant="tint" className="ml-1">
                Admin
              </Badge>
            ) : null}
          </span>
          <span className="text-muted-foreground">{user.email}</span>
        </span>
      </th>
      <td data-label="Plan" className={td}>
        <label htmlFor={`plan-${user.id}`} className="sr-only">
          Plan of {who}
        </label>
        <div className="w-32">
          <Select
            id={`plan-${user.id}`}
            value={user.plan}
            disabled={action.isPending}
            className="h-9"
            onChange={(event) =>
              void runAction(
                () =>
                  action.mutateAsync({ kind: 'plan', userId: user.id, plan: event.target.value as PlanId }),
                `${who} is now on ${event.target.value}.`,
              )
            }
          >
            {PLANS.map((plan) => (
              <option key={plan.value} value={plan.value}>
                {plan.label}
              </option>
            ))}
          </Select>
        </div>
      </td>
      <td data-label="State" className={td}>
        <Badge variant={user.state === 'active' ? 'neutral' : 'warning'}>{STATE_LABELS[user.state]}</Badge>
      </td>
      <td data-label="Created" className={td}>
        <When iso={user.createdAt} />
      </td>
      <td data-label="Last seen" className={td}>
        <When iso={user.lastSeenAt} />
      </td>
      <td data-label="Actions" className={td}>
        <div className="flex flex-wrap gap-2">
          {user.state === 'disabled' ? (
            <Button
              aria-label={`Enable ${who}`}
              size="sm"
              variant="outline"
              disabled={action.isPending}
              onClick={() =>
                void runAction(
                  () => action.mutateAsync({ kind: 'enable', userId: user.id }),
                  `${who} can sign in again.`,
                )
              }
            >
              Enable
            </Button>
          ) : isSelf ? null : (
            <ConfirmButton
              aria-label={`Disable ${who}`}
              size="sm"
              variant="outline"
              title={`Disable ${who}?`}
              description="They are signed out everywhere at once and cannot sign in until an administrator enables the account again. Their entries stay untouched."
              confirmLabel="Disable account"
              onConfirm={() =>
                runAction(
                  () => action.mutateAsync({ kind: 'disable', userId: user.id }),
                  `${who} is disabled and signed out.`,
                )
              }
            >
              Disable
            </ConfirmButton>
          )}
          {user.role === 'admin' ? (
            isSelf ? null : (
              <ConfirmButton
                aria-label={`Revoke admin from ${who}`}
                size="sm"
                variant="ghost"
                title={`Remove ${who}'s administrator role?`}
                description="They lose the admin area at once."
                confirmLabel="Remove admin role"
                onConfirm={() =>
                  runAction(
                    () => action.mutateAsync({ kind: 'role', userId: user.id, role: 'user' }),
                    `${who} is no longer an administrator.`,
                  )
                }
              >
                Revoke admin
              </ConfirmButton>
            )
          ) : (
            <ConfirmButton
              aria-label={`Make ${who} an admin`}
              size="sm"
              variant="ghost"
              title={`Make ${who} an administrator?`}
              description="Administrators see every account, the reports and the contact messages, and can disable anyone."
              confirmLabel="Grant admin role"
              onConfirm={() =>
                runAction(
                  () => action.mutateAsync({ kind: 'role', userId: user.id, role: 'admin' }),
                  `${who} is now an administrator.`,
                )
              }
            >
              Make admin
            </ConfirmButton>
          )}
        </div>
      </td>
    </tr>
  );
}
