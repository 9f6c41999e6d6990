import {
  ADMIN_PAGE_SIZE,
  AdminAuditPage,
  AdminContactMessage,
  AdminContactPage,
  AdminFailedMail,
  AdminOperations,
  AdminReport,
  AdminReportPage,
  AdminUser,
  AdminUserPage,
  type PlanId,
} from '@daybook/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/*
 * The admin area's API (packages/shared/src/schemas/admin.ts). Every answer is parsed with its shared schema; the
 * server answers 404 to anyone who is not an administrator, which the page turns into "Page not found".
 */

const BASE = '/api/admin';
export const adminKeys = {
  all: ['admin'] as const,
  users: (q: string, page: number) => [...adminKeys.all, 'users', q, page] as const,
  reports: (status: string, page: number) => [...adminKeys.all, 'reports', status, page] as const,
  contact: (status: string, page: number) => [...adminKeys.all, 'contact', status, page] as const,
  operations: () => [...adminKeys.all, 'operations'] as const,
  audit: (page: number) => [...adminKeys.all, 'audit', page] as const,
};

const pageQuery = (page: number, extra: Record<string, string> = {}) =>
  new URLSearchParams({ page: String(page), pageSize: String(ADMIN_PAGE_SIZE), ...extra });

export const usersQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.users(q, page),
    queryFn: ({ signal }) =>
      apiRequest(`${BASE}/users?${pageQuery(page, { q })}`, { schema: AdminUserPage, signal }),
    placeholderData: keepPreviousData,
  });

export const useUsers = (q: string, page: number) => useQuery(usersQueryOptions(q, page));

export type ReportFilter = 'open' | 'resolved' | 'all';
export const useReports = (status: ReportFilter, page: number) =>
  useQuery({
    queryKey: adminKeys.reports(status, page),
    queryFn: ({ signal }) =>
      apiRequest(`${BASE}/reports?${pageQuery(page, { status })}`, { schema: AdminReportPage, signal }),
    placeholderData: keepPreviousData,
  });

export type ContactFilter = 'open' | 'handled' | 'all';
export const useContactMessages = (status: ContactFilter, page: number) =>
  useQuery({
    queryKey: adminKeys.contact(status, page),
    queryFn: ({ signal }) =>
      apiRequest(`${BASE}/contact?${pageQuery(page, { status })}`, { schema: AdminContactPage, signal }),
    placeholderData: keepPreviousData,
  });

export const useOperations = () =>
  useQuery({
    queryKey: adminKeys.operations(),
    queryFn: ({ signal }) => apiRequest(`${BASE}/operations`, { schema: AdminOperations, signal }),
    // Queues move on their own: the health view refreshes while it is open.
    refetchInterval: 15_000,
  });

export const useAuditLog = (page: number) =>
  useQuery({
    queryKey: adminKeys.audit(page),
    queryFn: ({ signal }) =>
      apiRequest(`${BASE}/audit?${pageQuery(page)}`, { schema: AdminAuditPage, signal }),
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

const post = <T>(path: string, schema: import('zod').ZodType<T>, body?: unknown) =>
  apiRequest(`${BASE}${path}`, { method: 'POST', schema, ...(body === undefined ? {} : { body }) });
const id = (value: string) => encodeURIComponent(value);

export type UserAction =
  | { kind: 'disable' | 'enable'; userId: string }
  | { kind: 'role'; userId: string; role: 'user' | 'admin' }
  | { kind: 'plan'; userId: string; plan: PlanId };

export const useUserAction = () =>
  useAdminMutation((action: UserAction) => {
    const path = `/users/${id(action.userId)}`;
    if (action.kind === 'role') return post(`${path}/role`, AdminUser, { role: action.role });
    if (action.kind === 'plan') return post(`${path}/plan`, AdminUser, { plan: action.plan });
    return post(`${path}/${action.kind}`, AdminUser);
  });

export type ReportAction = 'dismiss' | 'revoke-share' | 'disable-sender';
export const useReportAction = () =>
  useAdminMutation(({ reportId, action }: { reportId: string; action: ReportAction }) =>
    post(`/reports/${id(reportId)}/${action}`, AdminReport),
  );

export const useMarkContactHandled = () =>
  useAdminMutation((messageId: string) => post(`/contact/${id(messageId)}/handled`, AdminContactMessage));

export const useRetryMail = () =>
  useAdminMutation((mailId: string) => post(`/mail/${id(mailId)}/retry`, AdminFailedMail));
