import { ADMIN_PAGE_SIZE, api, type PlanId } from '@daybook/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/*
 * The admin area's API (packages/shared/src/schemas/admin.ts). Every answer is parsed with its shared schema; the
 * server answers 404 to anyone who is not an administrator, which the page turns into "Page not found".
 */

export const adminKeys = {
  all: ['admin'] as const,
  users: (q: string, page: number) => [...adminKeys.all, 'users', q, page] as const,
  reports: (status: string, page: number) => [...adminKeys.all, 'reports', status, page] as const,
  contact: (status: string, page: number) => [...adminKeys.all, 'contact', status, page] as const,
  operations: () => [...adminKeys.all, 'operations'] as const,
  audit: (page: number) => [...adminKeys.all, 'audit', page] as const,
};

const pageQuery = (page: number) => ({ page, pageSize: ADMIN_PAGE_SIZE });

export const usersQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.users(q, page),
    queryFn: ({ signal }) => callApi(api.admin.users, { query: { q, ...pageQuery(page) }, signal }),
    placeholderData: keepPreviousData,
  });

export const useUsers = (q: string, page: number) => useQuery(usersQueryOptions(q, page));

export type ReportFilter = 'open' | 'resolved' | 'all';
export const useReports = (status: ReportFilter, page: number) =>
  useQuery({
    queryKey: adminKeys.reports(status, page),
    queryFn: ({ signal }) => callApi(api.admin.reports, { query: { status, ...pageQuery(page) }, signal }),
    placeholderData: keepPreviousData,
  });

export type ContactFilter = 'open' | 'handled' | 'all';
export const useContactMessages = (status: ContactFilter, page: number) =>
  useQuery({
    queryKey: adminKeys.contact(status, page),
    queryFn: ({ signal }) => callApi(api.admin.contact, { query: { status, ...pageQuery(page) }, signal }),
    placeholderData: keepPreviousData,
  });

export const useOperations = () =>
  useQuery({
    queryKey: adminKeys.operations(),
    queryFn: ({ signal }) => callApi(api.admin.operations, { signal }),
    // Queues move on their own: the health view refreshes while it is open.
    refetchInterval: 15_000,
  });

export const useAuditLog = (page: number) =>
  useQuery({
    queryKey: adminKeys.audit(page),
    queryFn: ({ signal }) => callApi(api.admin.audit, { query: pageQuery(page), signal }),
    placeholderData: keepPreviousData,
  });

/** Every admin action may change any list (and always adds to the audit log): all of them refresh. */
function useAdminMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export type UserAction =
  | { kind: 'disable' | 'enable'; userId: string }
  | { kind: 'role'; userId: string; role: 'user' | 'admin' }
  | { kind: 'plan'; userId: string; plan: PlanId };

export const useUserAction = () =>
  useAdminMutation((action: UserAction) => {
    const params = { userId: action.userId };
    if (action.kind === 'role') return callApi(api.admin.setRole, { params, body: { role: action.role } });
    if (action.kind === 'plan') return callApi(api.admin.setPlan, { params, body: { plan: action.plan } });
    return callApi(action.kind === 'disable' ? api.admin.disableUser : api.admin.enableUser, { params });
  });

export type ReportAction = 'dismiss' | 'revoke-share' | 'disable-sender';
const REPORT_ACTIONS = {
  dismiss: api.admin.dismissReport,
  'revoke-share': api.admin.revokeReportedShare,
  'disable-sender': api.admin.disableReportedSender,
} as const satisfies Record<ReportAction, unknown>;
export const useReportAction = () =>
  useAdminMutation(({ reportId, action }: { reportId: string; action: ReportAction }) =>
    callApi(REPORT_ACTIONS[action], { params: { reportId } }),
  );

export const useMarkContactHandled = () =>
  useAdminMutation((messageId: string) => callApi(api.admin.markContactHandled, { params: { messageId } }));

export const useRetryMail = () =>
  useAdminMutation((mailId: string) => callApi(api.admin.retryMail, { params: { mailId } }));
