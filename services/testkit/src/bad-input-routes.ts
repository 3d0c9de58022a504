import type { policy } from '@healthtal/api';
import { ADMIN_RESOURCE_NAMES, adminResource } from '@healthtal/contracts';
import { nobody } from './hostile-inputs';
import { VALID_RESUME } from './resumes';

/** The routes the bad-input test walks, what they take, and what a valid call to each looks like. */

export type PolicyRoute = keyof typeof policy;
export type Requirement = (typeof policy)[PolicyRoute];
export type Expectation =
  /** 4xx problem+json whose `errors` map is not empty (and names `field`, when given). */
  | { kind: 'invalid'; field?: string }
  /** 4xx problem+json with a title (or, on a `page`, an HTML page). */
  | { kind: 'refused'; page?: boolean }
  /** Exactly this status (a problem+json when it is an error, unless `page`: an HTML page). */
  | { kind: 'status'; status: number; page?: boolean }
  /** An idempotent read: 2xx, or a 4xx problem+json; never a 5xx. */
  | { kind: 'read' };

/** The simulator's pages answer a browser's navigation with HTML, not problem+json. */
export const HTML_PAGES = new Set<PolicyRoute>([
  'GET /api/v1/billing/simulator/:sessionId',
  'POST /api/v1/billing/simulator/:sessionId/complete',
  'POST /api/v1/billing/simulator/:sessionId/cancel',
  'GET /api/v1/billing/simulator/portal/:sessionId',
  'POST /api/v1/billing/simulator/portal/:sessionId/cancel',
]);
/** ra-data-simple-rest lists, every console resource's (contracts' ADMIN_RESOURCES): sort, range and filter, each JSON in a query parameter. */
export const ADMIN_LISTS = new Set<PolicyRoute>(
  ADMIN_RESOURCE_NAMES.flatMap((name) =>
    adminResource(name).paths.map((path): PolicyRoute => `GET /api/admin/${path}`),
  ),
);
export const RANGE_QUERIES = new Set<PolicyRoute>([
  'GET /api/admin/dashboard',
  'GET /api/admin/search-error-stats',
]);
export const PAGED = new Set<PolicyRoute>([
  'GET /api/v1/lists/:id/members',
  'GET /api/v1/me/activity',
  'GET /api/v1/sequences/replies',
]);

export type Fixtures = { listId: string; savedSearchId: string; sequenceId: string; freeUserId: string };
/** A body each route accepts, on a resource that exists, so one broken field is all that is wrong. */
export type Valid = {
  params?: Record<string, string>;
  body: Record<string, unknown>;
  emptyBody?: Expectation;
};

const searchFilters = {
  query: 'nurse',
  specialty: ['Cardiology'],
  sortKey: 'relevance',
  sortDirection: 'asc',
};
export const PROBE_SEQUENCE = {
  name: 'Probe sequence',
  steps: [{ subject: 'Hi {{first_name}}', body: 'A role for you.', waitBusinessDays: 0 }],
};
export function validBodies(f: Fixtures): Partial<Record<PolicyRoute, Valid>> {
  const password = 'correct horse battery';
  const list = { id: f.listId };
  const sequence = { id: f.sequenceId };
  return {
    'POST /api/v1/auth/signup': {
      body: {
        email: `probe-${nobody()}@bad-input.test`,
        password,
        confirmPassword: password,
        source: 'A friend',
        phone: '555-010-2030',
        acceptTerms: true,
      },
    },
    'POST /api/v1/auth/login': { body: { email: 'nobody@bad-input.test', password } },
    'POST /api/v1/auth/verify-email': { body: { token: 't'.repeat(32) } },
    'POST /api/v1/auth/resend-verification': { body: { email: 'nobody@bad-input.test' } },
    'POST /api/v1/auth/forgot-password': { body: { email: 'nobody@bad-input.test' } },
    'POST /api/v1/auth/reset-password': {
      body: { token: 't'.repeat(32), password, confirmPassword: password },
    },
    'PUT /api/v1/me/profile': { body: { name: 'Probe Person', bio: 'Recruits nurses.' } },
    'PUT /api/v1/me/notifications': { body: { marketing: true, newFeatures: false, securityAlerts: true } },
    'POST /api/v1/billing/checkout': { body: { priceId: 'price_monthly', returnPath: '/search' } },
    // The reason is optional: {} is a request, and the caller's was made already (409).
    'POST /api/v1/billing/refund-requests': {
      body: { reason: 'Not the right fit.' },
      emptyBody: { kind: 'status', status: 409 },
    },
    'POST /api/admin/refund-requests/:id/reject': { body: { reason: 'Exports were made.' } },
    // The free user has no subscription: the valid body is refused (409) after it parsed.
    'POST /api/admin/users/:id/plan': {
      params: { id: f.freeUserId },
      body: { priceId: 'price_annual', from: 'price_monthly', reason: 'Agreed by phone' },
    },
    'POST /api/admin/demo-grants': {
      body: { userId: f.freeUserId, featureType: 'full_access', duration: '1d', notes: 'probe', maxUses: 5 },
    },
    'POST /api/v1/search': {
      body: { ...searchFilters, page: 1, limit: 10, selectAll: false },
      // Every filter is optional: {} is the whole directory.
      emptyBody: { kind: 'status', status: 200 },
    },
    'POST /api/v1/search/from-posting': {
      body: { text: 'Travel ICU RN – 13-week contract in Phoenix, AZ. BLS and ACLS required.' },
    },
    'POST /api/v1/contact-messages': {
      body: {
        name: 'Dana Whitfield',
        email: 'dana@example.org',
        phone: '(555) 010-2030',
        subject: 'Enterprise pricing',
        message: 'We have twelve recruiters; do you offer team plans?',
      },
    },
    'POST /api/v1/removal-requests': { body: { email: 'someone@example.org' } },
    'POST /api/v1/removal-requests/confirm': { body: { token: 't'.repeat(32) } },
    'POST /api/v1/removal-requests/opt-out': { body: { token: 't'.repeat(32) } },
    'POST /api/v1/resume-submissions': { body: VALID_RESUME },
    'POST /api/admin/resume-submissions/bulk-approve': { body: { ids: [nobody()] } },
    'POST /api/admin/resume-submissions/bulk-reject': { body: { ids: [nobody()] } },
    'POST /api/v1/email/generate': {
      body: {
        jobTitle: 'ICU Nurse',
        jobDescription: 'Nights, Level I trauma centre.',
        tone: 'professional',
        signature: 'Sam',
      },
    },
    'POST /api/v1/email/templates': {
      body: { jobTitle: 'ICU Nurse', subject: 'An ICU role', body: 'Hello {{first_name}}' },
    },
    'PUT /api/admin/site-settings/:key': { params: { key: 'seo_title' }, body: { value: 'HealthTal' } },
    'POST /api/v1/exports': { body: { candidateIds: [nobody()], format: 'csv', fileName: 'probe' } },
    'POST /api/v1/lists': { body: { name: 'Probe list', description: 'probe', candidateIds: [nobody()] } },
    'PATCH /api/v1/lists/:id': { params: list, body: { name: 'Renamed', description: 'probe' } },
    'POST /api/v1/lists/:id/members': { params: list, body: { candidateIds: [nobody()] } },
    'DELETE /api/v1/lists/:id/members': { params: list, body: { candidateIds: [nobody()] } },
    'POST /api/v1/lists/:id/export': {
      params: list,
      body: { format: 'csv', fileName: 'probe', candidateIds: [nobody()] },
      // Everything is optional: {} exports the whole list, and this one is empty.
      emptyBody: { kind: 'status', status: 404 },
    },
    'POST /api/v1/saved-searches': { body: { name: 'Probe search', searchParams: searchFilters } },
    'POST /api/v1/sequences': { body: PROBE_SEQUENCE },
    'PUT /api/v1/sequences/:id': { params: sequence, body: PROBE_SEQUENCE },
    'POST /api/v1/sequences/:id/enrolments': { params: sequence, body: { candidateIds: [nobody()] } },
    'DELETE /api/v1/sequences/:id/enrolments': { params: sequence, body: { candidateIds: [nobody()] } },
    'PATCH /api/v1/saved-searches/:id': { params: { id: f.savedSearchId }, body: { name: 'Renamed' } },
  };
}
