import type {
  AdminDashboard,
  AdminUserStats,
  DashboardRange,
  DemoGrantRow,
  GrantDemoAccessRequest,
  RefundDecisionResult,
  ResumeBulkApproveResult,
  ResumeBulkRejectResult,
  ResumeDecisionResult,
  ResumeSubmissionCounts,
  RetryParkedResult,
  SearchErrorRange,
  SearchErrorStats,
  SiteSettingRow,
  UserHistoryEntry,
} from '@healthtal/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient, sendRaw } from './auth/session';

/** Every list of the console is an ra-data-simple-rest resource under /api/admin. */
export const dataProvider = simpleRestProvider('/api/admin', httpClient);

const get = async <T>(url: string) => (await httpClient(url)).json as T;
const send = async <T>(url: string, method: string, body?: unknown) =>
  (await httpClient(url, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }))
    .json as T;

/** The console's calls that are not plain list/read/delete. */
export const adminApi = {
  userStats: () => get<AdminUserStats>('/api/admin/user-stats'),
  userHistory: (id: string) => get<UserHistoryEntry[]>(`/api/admin/users/${id}/history`),
  deleteUser: (id: string) => send<{ id: string; deleted: true }>(`/api/admin/users/${id}`, 'DELETE'),
  grantDemo: (form: GrantDemoAccessRequest) => send<DemoGrantRow>('/api/admin/demo-grants', 'POST', form),
  revokeDemo: (userId: string) =>
    send<{ revoked: number }>(`/api/admin/users/${userId}/demo-grants`, 'DELETE'),

  searchErrorStats: (range: SearchErrorRange) =>
    get<SearchErrorStats>(`/api/admin/search-error-stats?range=${range}`),
  deleteSearchErrorLog: (id: string) => send(`/api/admin/search-error-logs/${id}`, 'DELETE'),

  resumeCounts: () => get<ResumeSubmissionCounts>('/api/admin/resume-submissions/counts'),
  decideResume: (id: string, action: 'approve' | 'reject') =>
    send<ResumeDecisionResult>(`/api/admin/resume-submissions/${id}/${action}`, 'POST', {}),
  bulkApprove: (ids: string[]) =>
    send<ResumeBulkApproveResult>('/api/admin/resume-submissions/bulk-approve', 'POST', { ids }),
  bulkReject: (ids: string[]) =>
    send<ResumeBulkRejectResult>('/api/admin/resume-submissions/bulk-reject', 'POST', { ids }),

  siteSettings: () => get<SiteSettingRow[]>('/api/admin/site-settings?range=[0,99]'),
  saveSetting: (key: string, value: string) =>
    send<SiteSettingRow>(`/api/admin/site-settings/${key}`, 'PUT', { value }),
  uploadImage: async (key: string, file: File) =>
    (await sendRaw(`/api/admin/site-settings/${key}/image`, 'POST', file, file.type)).json as SiteSettingRow,
  removeImage: (key: string) => send<SiteSettingRow>(`/api/admin/site-settings/${key}/image`, 'DELETE'),

  approveRefund: (id: string) =>
    send<RefundDecisionResult>(`/api/admin/refund-requests/${id}/approve`, 'POST', {}),
  rejectRefund: (id: string, reason: string) =>
    send<RefundDecisionResult>(`/api/admin/refund-requests/${id}/reject`, 'POST', { reason }),

  dashboard: (range: DashboardRange) => get<AdminDashboard>(`/api/admin/dashboard?range=${range}`),

  retryParked: (readModel: string) =>
    send<RetryParkedResult>(`/api/admin/read-models/${readModel}/retry`, 'POST', {}),
};
