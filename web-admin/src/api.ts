import {
  ADMIN_RESOURCES,
  AdminDashboard,
  type AdminPlanChangeRequest,
  AdminPlanChangeResult,
  type AdminResourceName,
  AdminUserMailResult,
  AdminUserStats,
  type DashboardRange,
  MailDelivery,
  RefundDecisionResult,
  ResumeBulkApproveResult,
  ResumeBulkRejectResult,
  ResumeDecisionResult,
  ResumeSubmissionCounts,
  RetryParkedResult,
  type SearchErrorRange,
  SearchErrorStats,
  UserHistoryEntry,
} from '@healthtal/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, useDataProvider } from 'react-admin';
import type { ResumeAction } from './admin-console';
import { httpClient, sendRaw } from './auth/session';

/** What the console needs of a contract's zod schema: it checks an answer and types it. */
type Schema<T> = { parse(data: unknown): T };

const ListOf = <T>(row: Schema<T>): Schema<T[]> => ({
  parse: (data) => {
    if (!Array.isArray(data)) throw new TypeError('Expected a list.');
    return data.map((item) => row.parse(item));
  },
});

const get = async <T>(schema: Schema<T>, url: string) => schema.parse((await httpClient(url)).json);
const send = async <T>(schema: Schema<T>, url: string, method: string, body?: unknown) =>
  schema.parse(
    (await httpClient(url, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })).json,
  );

/** Each resource's row, as its contract describes it: every record the console shows is checked. */
const record = <R>(resource: string, data: unknown) => {
  if (!isAdminResource(resource)) throw new TypeError(`No such resource: ${resource}.`);
  // react-admin's methods are generic in their record type: what they answer is the checked row.
  return ADMIN_RESOURCES[resource].row.parse(data) as R;
};
const records = <R>(resource: string, data: unknown[]) => data.map((item) => record<R>(resource, item));
const isAdminResource = (name: string): name is AdminResourceName => Object.hasOwn(ADMIN_RESOURCES, name);

const rest = simpleRestProvider('/api/admin', httpClient);

/** A site setting's update: text is saved with PUT, an image is uploaded (a File) or removed (null). */
export type SiteSettingChange = { value: string } | { image: File | null };

const ADMIN = '/api/admin';

/**
 * Every call of the console: ra-data-simple-rest's resources under /api/admin, with each answer
 * parsed by its contract's schema, plus the calls that are not plain list/read/write/delete
 * (react-admin's "custom methods", called through `useDataProvider` and react-query).
 */
export const dataProvider = {
  ...rest,
  getList: async (resource, params) => {
    const result = await rest.getList(resource, params);
    return { ...result, data: records(resource, result.data) };
  },
  getOne: async (resource, params) => {
    const result = await rest.getOne(resource, params);
    return { ...result, data: record(resource, result.data) };
  },
  getMany: async (resource, params) => {
    const result = await rest.getMany(resource, params);
    return { ...result, data: records(resource, result.data) };
  },
  getManyReference: async (resource, params) => {
    const result = await rest.getManyReference(resource, params);
    return { ...result, data: records(resource, result.data) };
  },
  create: async (resource, params) => {
    const result = await rest.create(resource, params);
    return { ...result, data: record(resource, result.data) };
  },
  update: async (resource, params) => {
    if (resource === 'site-settings' && 'image' in params.data) {
      const { image } = params.data as { image: File | null };
      const url = `${ADMIN}/site-settings/${params.id}/image`;
      const { json } = image
        ? await sendRaw(url, 'POST', image, image.type)
        : await httpClient(url, { method: 'DELETE' });
      return { data: record(resource, json) };
    }
    const result = await rest.update(resource, params);
    return { ...result, data: record(resource, result.data) };
  },

  userStats: () => get(AdminUserStats, `${ADMIN}/user-stats`),
  userHistory: (id: string) => get(ListOf(UserHistoryEntry), `${ADMIN}/users/${id}/history`),
  changePlan: ({ id, ...change }: AdminPlanChangeRequest & { id: string }) =>
    send(AdminPlanChangeResult, `${ADMIN}/users/${id}/plan`, 'POST', change),
  sendVerificationEmail: (id: string) =>
    send(AdminUserMailResult, `${ADMIN}/users/${id}/verification-email`, 'POST', {}),
  sendPasswordResetEmail: (id: string) =>
    send(AdminUserMailResult, `${ADMIN}/users/${id}/password-reset-email`, 'POST', {}),
  /** Its answer (how many grants ended) is described by no contract, and the console reads none of it. */
  revokeDemo: async (userId: string) => {
    await httpClient(`${ADMIN}/users/${userId}/demo-grants`, { method: 'DELETE' });
  },

  searchErrorStats: (range: SearchErrorRange) =>
    get(SearchErrorStats, `${ADMIN}/search-error-stats?range=${range}`),

  resumeCounts: () => get(ResumeSubmissionCounts, `${ADMIN}/resume-submissions/counts`),
  decideResume: ({ id, action }: { id: string; action: ResumeAction }) =>
    send(ResumeDecisionResult, `${ADMIN}/resume-submissions/${id}/${action}`, 'POST', {}),
  bulkApprove: (ids: string[]) =>
    send(ResumeBulkApproveResult, `${ADMIN}/resume-submissions/bulk-approve`, 'POST', { ids }),
  bulkReject: ({ ids, reason }: { ids: string[]; reason: string }) =>
    send(ResumeBulkRejectResult, `${ADMIN}/resume-submissions/bulk-reject`, 'POST', { ids, reason }),

  mailDelivery: () => get(MailDelivery, `${ADMIN}/mail-delivery`),

  approveRefund: (id: string) =>
    send(RefundDecisionResult, `${ADMIN}/refund-requests/${id}/approve`, 'POST', {}),
  rejectRefund: ({ id, reason }: { id: string; reason: string }) =>
    send(RefundDecisionResult, `${ADMIN}/refund-requests/${id}/reject`, 'POST', { reason }),

  dashboard: (range: DashboardRange) => get(AdminDashboard, `${ADMIN}/dashboard?range=${range}`),

  retryParked: (readModel: string) =>
    send(RetryParkedResult, `${ADMIN}/read-models/${readModel}/retry`, 'POST', {}),
} satisfies DataProvider;

export type AdminDataProvider = typeof dataProvider;

/** react-admin's data provider, with the console's custom methods typed. */
export const useAdminDataProvider = () => useDataProvider<AdminDataProvider>();
