import {
  ActivityPage,
  ActivityQuery,
  AddListMembersRequest,
  AdminDashboard,
  AdminUserRow,
  AdminUserStats,
  AuthSession,
  CandidateProfile,
  CheckoutRequest,
  ContactDetails,
  ContactMessageAccepted,
  ContactMessageRequest,
  ContactMessageRow,
  CreateListRequest,
  CreateListResponse,
  DashboardQuery,
  Deleted,
  DemoGrantRow,
  EmailRequest,
  EmailTemplate,
  EmailTemplateList,
  ExportRequest,
  FilterSuggestions,
  GeneratedEmail,
  GenerateEmailRequest,
  GrantDemoAccessRequest,
  ListExportRequest,
  ListMembersChanged,
  ListMembersPage,
  ListMembersQuery,
  ListSummaries,
  ListSummary,
  ListUpdated,
  LoginRequest,
  MailOutboxFilter,
  MailOutboxRow,
  MeResponse,
  NotificationPreferences,
  ParkedEventRow,
  ParkedEventsFilter,
  PlansResponse,
  ProfileRequest,
  PublicSiteSettings,
  ReadModelRow,
  ReadModelsFilter,
  RecentExports,
  RedirectResponse,
  RefundDecisionResult,
  RefundEligibility,
  RefundRejectionForm,
  RefundRequestFilter,
  RefundRequestForm,
  RefundRequestInfo,
  RefundRequestRow,
  RemovalConfirmationRequest,
  RemovalConfirmationResult,
  RemovalRequestAccepted,
  RemovalRequestFilter,
  RemovalRequestForm,
  RemovalRequestRow,
  RemoveListMembersRequest,
  RenameSavedSearchRequest,
  ResetPasswordRequest,
  ResumeBulkApproveResult,
  ResumeBulkRejectResult,
  ResumeBulkRequest,
  ResumeDecisionResult,
  ResumeSubmissionAccepted,
  ResumeSubmissionCounts,
  ResumeSubmissionRequest,
  ResumeSubmissionRow,
  RetryParkedResult,
  SavedSearchView,
  SavedSearchViews,
  SaveEmailTemplateRequest,
  SaveSearchRequest,
  SearchErrorLogRow,
  SearchErrorRange,
  SearchErrorStats,
  SearchRequest,
  SearchResponse,
  SignupRequest,
  SignupResponse,
  SiteSettingFilter,
  SiteSettingKey,
  SiteSettingRow,
  SpecialtyCount,
  SpecialtyNames,
  SuggestionsQuery,
  UpdateListRequest,
  UpdateSiteSettingRequest,
  UserHistoryEntry,
  VerifyEmailRequest,
} from '@healthtal/contracts';
import { z } from 'zod';
import { DemoGrantFilter, demoGrantSortFields } from '../access/demo-grants.queries';
import { mailOutboxSortFields } from '../admin/mail-outbox.queries';
import { parkedSortFields, readModelSortFields } from '../admin/read-models';
import { siteSettingSortFields } from '../admin/site-settings.queries';
import { AdminUserFilter, adminUserSortFields } from '../admin/users.queries';
import { refundRequestSortFields } from '../billing/refund-requests.queries';
import { SearchErrorLogFilter, searchErrorLogSortFields } from '../directory/search-error-logs.queries';
import { ContactMessageFilter, contactMessageSortFields } from '../intake/contact-messages.queries';
import { removalRequestSortFields } from '../intake/removal-requests.queries';
import { ResumeSubmissionFilter, resumeSubmissionSortFields } from '../intake/resume-submissions.queries';
import type { PolicyRoute } from '../policy';
import * as A from './openapi-answers';

/** A schema as OpenAPI holds it (JSON Schema 2020-12), for what zod does not describe. */
export type JsonSchema = Record<string, unknown>;

/** One answer: a zod schema is an `application/json` body; otherwise say what it carries. */
export type ResponseDoc =
  | z.ZodType
  | {
      description?: string;
      json?: z.ZodType;
      /** Media type → schema of a body that is not JSON (`{}`: any bytes). */
      content?: Record<string, JsonSchema>;
      headers?: Record<string, { description: string; schema?: JsonSchema }>;
    };

export type RouteDoc = {
  summary: string;
  description?: string;
  tags: readonly [string, ...string[]];
  /** The JSON body, parsed with this contract (documented as its input). */
  body?: z.ZodType;
  /** A body that is not JSON: media type → schema. */
  bodyContent?: Record<string, JsonSchema>;
  query?: z.ZodObject;
  /** Path parameters' contract; without it each `:name` is a string. */
  params?: z.ZodObject;
  /** ra-data-simple-rest `sort`, `range` and `filter` query parameters (JSON), and `Content-Range`. */
  adminList?: { sortable: readonly string[]; filter?: z.ZodType };
  responses: Record<number, ResponseDoc>;
  /** The answer of any other status; problem+json unless said otherwise. */
  default?: ResponseDoc;
  /** Who may call it is the policy table's; this only overrides how a public route authenticates. */
  security?: 'bearer' | 'refresh-cookie';
};

const Id = z.object({ id: z.uuid() });
const noContent = { description: 'No content.' };
const seeOther = (where: string): ResponseDoc => ({
  description: `Redirects the browser (303) to ${where}.`,
  headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } },
});
const html = (description: string): ResponseDoc => ({
  description,
  content: { 'text/html': { type: 'string' } },
});
/** The billing simulator's pages answer errors as pages too (a browser navigated there). */
const simulatorErrors = {
  404: html('No such session, or it expired.'),
  409: html('The user already has a subscription.'),
  410: html('The session is closed.'),
  503: html('Billing is not configured.'),
} satisfies Record<number, ResponseDoc>;
const exportFile: ResponseDoc = {
  description: 'The file, streamed (the export is logged once every row is out).',
  content: {
    'text/csv': { type: 'string' },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {},
  },
  headers: {
    'Content-Disposition': { description: 'attachment; filename="…"', schema: { type: 'string' } },
    'X-Export-Id': { description: 'The export in the activity log.', schema: { type: 'string' } },
  },
};
const SiteSettingParams = z.object({ key: SiteSettingKey });
const uploadContent = Object.fromEntries(
  ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'image/x-icon']
    .map((type): [string, JsonSchema] => [type, {}])
    .concat([
      ['application/octet-stream', {}],
      [
        'multipart/form-data',
        {
          type: 'object',
          properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
          required: ['file'],
        },
      ],
    ]),
);

const admin = (summary: string, doc: Omit<RouteDoc, 'summary' | 'tags'>, tag = 'admin'): RouteDoc => ({
  summary,
  tags: [tag],
  ...doc,
});
const adminList = (
  summary: string,
  row: z.ZodType,
  sortable: readonly string[],
  filter?: z.ZodType,
  tag = 'admin',
): RouteDoc => ({
  summary,
  tags: [tag],
  adminList: { sortable, ...(filter ? { filter } : {}) },
  responses: { 200: z.array(row) },
});

/**
 * Every route of the policy table, documented: the contracts its handler parses and answers with.
 * A route added to `policy.ts` without an entry here does not compile. `openapi.ts` builds the
 * OpenAPI document from it; `services/cli/test/openapi.http.int.test.ts` checks real answers against it.
 */
export const routeDocs = {
  'GET /healthz': {
    summary: 'Liveness: the process answers.',
    tags: ['health'],
    responses: { 200: A.Healthz },
  },
  'GET /readyz': {
    summary: 'Readiness: the database answers and every check passes.',
    tags: ['health'],
    responses: { 200: A.Readyz, 503: A.Readyz },
  },
  'GET /metrics': {
    summary: 'Prometheus metrics.',
    description: 'The bearer token is METRICS_TOKEN or an admin’s access token.',
    tags: ['health'],
    security: 'bearer',
    responses: {
      200: { description: 'Prometheus text format.', content: { 'text/plain': { type: 'string' } } },
    },
  },

  // identity
  'POST /api/v1/auth/signup': {
    summary: 'Sign up; a verification link is mailed.',
    tags: ['identity'],
    body: SignupRequest,
    responses: { 201: SignupResponse },
  },
  'POST /api/v1/auth/login': {
    summary: 'Sign in: an access token, and the refresh token in the ht_refresh cookie.',
    tags: ['identity'],
    body: LoginRequest,
    responses: { 200: AuthSession },
  },
  'POST /api/v1/auth/logout': {
    summary: 'Sign out: ends this sign-in (refresh cookie and/or access token).',
    tags: ['identity'],
    responses: { 204: noContent },
  },
  'POST /api/v1/auth/refresh': {
    summary: 'A new access token for the refresh cookie (which rotates).',
    tags: ['identity'],
    security: 'refresh-cookie',
    responses: { 200: AuthSession },
  },
  'POST /api/v1/auth/verify-email': {
    summary: 'Confirm an email address with the mailed token.',
    tags: ['identity'],
    body: VerifyEmailRequest,
    responses: { 200: A.EmailVerified },
  },
  'POST /api/v1/auth/resend-verification': {
    summary: 'Mail the verification link again (the same answer for any address).',
    tags: ['identity'],
    body: EmailRequest,
    responses: { 202: A.MailAccepted },
  },
  'POST /api/v1/auth/forgot-password': {
    summary: 'Mail a password reset link (the same answer for any address).',
    tags: ['identity'],
    body: EmailRequest,
    responses: { 202: A.MailAccepted },
  },
  'POST /api/v1/auth/reset-password': {
    summary: 'Set a new password with the mailed token; every sign-in ends.',
    tags: ['identity'],
    body: ResetPasswordRequest,
    responses: { 200: A.PasswordReset },
  },
  'GET /api/v1/me': {
    summary: 'The caller: user, roles, capabilities, tier, subscription, demo flags, reveal quota.',
    tags: ['identity'],
    responses: { 200: MeResponse },
  },
  'PUT /api/v1/me/profile': {
    summary: 'Change name and bio.',
    tags: ['identity'],
    body: ProfileRequest,
    responses: { 200: ProfileRequest },
  },
  'PUT /api/v1/me/notifications': {
    summary: 'Change notification preferences.',
    tags: ['identity'],
    body: NotificationPreferences,
    responses: { 200: NotificationPreferences },
  },

  // billing
  'GET /api/v1/billing/plans': {
    summary: 'The plans on sale.',
    tags: ['billing'],
    responses: { 200: PlansResponse },
  },
  'POST /api/v1/billing/checkout': {
    summary: 'Start a checkout: Stripe’s page, or the local billing simulator.',
    tags: ['billing'],
    body: CheckoutRequest,
    responses: { 200: RedirectResponse },
  },
  'POST /api/v1/billing/portal': {
    summary: 'Open the customer portal (Stripe’s or the simulator’s).',
    tags: ['billing'],
    responses: { 200: RedirectResponse },
  },
  'POST /api/v1/billing/webhook': {
    summary: 'Stripe’s webhook (signed with Stripe-Signature).',
    tags: ['billing'],
    bodyContent: { 'application/json': { type: 'object' } },
    responses: { 200: A.WebhookReceived },
  },
  'GET /api/v1/billing/refund-eligibility': {
    summary: 'Whether the money-back guarantee still applies, and why not.',
    tags: ['billing'],
    responses: { 200: RefundEligibility },
  },
  'POST /api/v1/billing/refund-requests': {
    summary: 'Ask for a refund under the money-back guarantee (Annual, within 30 days, nothing exported).',
    description: '422 when not eligible (the reasons in `detail`), 409 when already requested or decided.',
    tags: ['billing'],
    body: RefundRequestForm,
    responses: { 201: RefundRequestInfo },
  },
  'GET /api/admin/refund-requests': adminList(
    'Refund requests under the money-back guarantee (the id is the customer’s user id).',
    RefundRequestRow,
    refundRequestSortFields,
    RefundRequestFilter,
    'billing',
  ),
  'GET /api/admin/refund-requests/:id': admin(
    'One refund request.',
    { params: Id, responses: { 200: RefundRequestRow } },
    'billing',
  ),
  'POST /api/admin/refund-requests/:id/approve': admin(
    'Approve a pending refund: Stripe refunds the latest paid invoice and cancels the subscription; the customer is emailed.',
    { params: Id, responses: { 200: RefundDecisionResult } },
    'billing',
  ),
  'POST /api/admin/refund-requests/:id/reject': admin(
    'Reject a pending refund with a reason the customer is emailed.',
    { params: Id, body: RefundRejectionForm, responses: { 200: RefundDecisionResult } },
    'billing',
  ),
  'GET /api/v1/billing/simulator/:sessionId': {
    summary: 'The billing simulator’s checkout page.',
    tags: ['billing'],
    responses: { 200: html('The checkout page.'), ...simulatorErrors },
  },
  'POST /api/v1/billing/simulator/:sessionId/complete': {
    summary: 'Complete a simulated checkout: the plan is active.',
    tags: ['billing'],
    responses: { 303: seeOther('the success page'), ...simulatorErrors },
  },
  'POST /api/v1/billing/simulator/:sessionId/cancel': {
    summary: 'Cancel a simulated checkout.',
    tags: ['billing'],
    responses: { 303: seeOther('the page the checkout started from'), ...simulatorErrors },
  },
  'GET /api/v1/billing/simulator/portal/:sessionId': {
    summary: 'The billing simulator’s customer portal page.',
    tags: ['billing'],
    responses: { 200: html('The portal page.'), ...simulatorErrors },
  },
  'POST /api/v1/billing/simulator/portal/:sessionId/cancel': {
    summary: 'Cancel the simulated subscription at the end of its period.',
    tags: ['billing'],
    responses: { 303: seeOther('the account page'), ...simulatorErrors },
  },

  // access: demo grants
  'GET /api/admin/demo-grants': adminList(
    'Demo grants.',
    DemoGrantRow,
    demoGrantSortFields,
    DemoGrantFilter,
    'access',
  ),
  'POST /api/admin/demo-grants': admin(
    'Grant demo access to a user.',
    { body: GrantDemoAccessRequest, responses: { 201: DemoGrantRow } },
    'access',
  ),
  'GET /api/admin/demo-grants/:id': admin(
    'One demo grant.',
    { params: Id, responses: { 200: DemoGrantRow } },
    'access',
  ),
  'DELETE /api/admin/demo-grants/:id': admin(
    'Revoke one demo grant; answers it, now inactive.',
    { params: Id, responses: { 200: DemoGrantRow } },
    'access',
  ),
  'DELETE /api/admin/users/:userId/demo-grants': admin(
    'Revoke every demo grant of a user.',
    { params: z.object({ userId: z.uuid() }), responses: { 200: A.DemoAccessRevoked } },
    'access',
  ),

  // admin: user management
  'GET /api/admin/users': adminList('Users.', AdminUserRow, adminUserSortFields, AdminUserFilter),
  'GET /api/admin/users/:id': admin('One user.', { params: Id, responses: { 200: AdminUserRow } }),
  'GET /api/admin/user-stats': admin('The Users page’s cards.', { responses: { 200: AdminUserStats } }),
  'DELETE /api/admin/users/:id': admin('Delete a user and erase their personal data.', {
    params: Id,
    responses: { 200: A.UserDeleted },
  }),
  'POST /api/admin/users/:id/admin-role': admin('Make a user an admin.', {
    params: Id,
    responses: { 200: A.AdminRoleChanged },
  }),
  'DELETE /api/admin/users/:id/admin-role': admin('Take the admin role away.', {
    params: Id,
    responses: { 200: A.AdminRoleChanged },
  }),
  'GET /api/admin/users/:id/history': admin('A user’s audit trail, from the events.', {
    params: Id,
    responses: { 200: z.array(UserHistoryEntry) },
  }),

  // directory
  'POST /api/v1/search': {
    summary: 'Search the directory (non-subscribers get the count and no rows).',
    tags: ['directory'],
    body: SearchRequest,
    responses: { 200: SearchResponse },
  },
  'GET /api/v1/search/suggestions': {
    summary: 'Values of a typed filter starting with the prefix, with their counts, largest first.',
    description:
      'City, title, organization, skills or education; the prefix is case- and accent-insensitive.',
    tags: ['directory'],
    query: SuggestionsQuery,
    responses: { 200: FilterSuggestions },
  },

  // intake
  'POST /api/v1/contact-messages': {
    summary: 'The public contact form.',
    tags: ['intake'],
    body: ContactMessageRequest,
    responses: { 201: ContactMessageAccepted },
  },
  'GET /api/admin/contact-messages': adminList(
    'Contact messages.',
    ContactMessageRow,
    contactMessageSortFields,
    ContactMessageFilter,
    'intake',
  ),
  'GET /api/admin/contact-messages/:id': admin(
    'One contact message.',
    { params: Id, responses: { 200: ContactMessageRow } },
    'intake',
  ),
  'POST /api/v1/removal-requests': {
    summary: 'Remove My Information: mails a confirmation link when the address is known.',
    description: 'The same answer whether or not the address is in the directory.',
    tags: ['intake'],
    body: RemovalRequestForm,
    responses: { 202: RemovalRequestAccepted },
  },
  'POST /api/v1/removal-requests/confirm': {
    summary: 'Confirm a removal with the mailed token: the records are erased.',
    tags: ['intake'],
    body: RemovalConfirmationRequest,
    responses: { 200: RemovalConfirmationResult },
  },
  'GET /api/admin/removal-requests': adminList(
    'Removal requests.',
    RemovalRequestRow,
    removalRequestSortFields,
    RemovalRequestFilter,
    'intake',
  ),
  'GET /api/admin/removal-requests/:id': admin(
    'One removal request.',
    { params: Id, responses: { 200: RemovalRequestRow } },
    'intake',
  ),
  'POST /api/v1/resume-submissions': {
    summary: 'Submit a resume (public; refused for anyone on the suppression list).',
    tags: ['intake'],
    body: ResumeSubmissionRequest,
    responses: { 201: ResumeSubmissionAccepted },
  },
  'GET /api/admin/resume-submissions': adminList(
    'Resume submissions.',
    ResumeSubmissionRow,
    resumeSubmissionSortFields,
    ResumeSubmissionFilter,
    'intake',
  ),
  'GET /api/admin/resume-submissions/counts': admin(
    'How many submissions each tab holds.',
    { responses: { 200: ResumeSubmissionCounts } },
    'intake',
  ),
  'GET /api/admin/resume-submissions/:id': admin(
    'One resume submission.',
    { params: Id, responses: { 200: ResumeSubmissionRow } },
    'intake',
  ),
  'POST /api/admin/resume-submissions/:id/approve': admin(
    'Approve a submission: the candidate enters the directory.',
    { params: Id, responses: { 200: ResumeDecisionResult } },
    'intake',
  ),
  'POST /api/admin/resume-submissions/:id/reject': admin(
    'Reject a submission.',
    { params: Id, responses: { 200: ResumeDecisionResult } },
    'intake',
  ),
  'POST /api/admin/resume-submissions/bulk-approve': admin(
    'Approve several submissions.',
    { body: ResumeBulkRequest, responses: { 200: ResumeBulkApproveResult } },
    'intake',
  ),
  'POST /api/admin/resume-submissions/bulk-reject': admin(
    'Reject several submissions.',
    { body: ResumeBulkRequest, responses: { 200: ResumeBulkRejectResult } },
    'intake',
  ),

  // mail
  'GET /api/admin/mail-outbox': adminList(
    'Mail the product sent or kept.',
    MailOutboxRow,
    mailOutboxSortFields,
    MailOutboxFilter,
  ),
  'GET /api/admin/mail-outbox/:id': admin('One mail.', {
    params: z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/) }),
    responses: { 200: MailOutboxRow },
  }),
  'GET /api/admin/outbox': adminList(
    'The mail outbox (alias).',
    MailOutboxRow,
    mailOutboxSortFields,
    MailOutboxFilter,
  ),
  'GET /api/admin/outbox/:id': admin('One mail (alias).', {
    params: z.object({ id: z.string().regex(/^[1-9]\d{0,14}$/) }),
    responses: { 200: MailOutboxRow },
  }),

  // admin console: dashboard, read models
  'GET /api/admin/dashboard': admin('The dashboard over 7, 30 or 90 days.', {
    query: DashboardQuery,
    responses: { 200: AdminDashboard },
  }),
  'GET /api/admin/read-models': adminList(
    'Read models: state, lag, parked events.',
    ReadModelRow,
    readModelSortFields,
    ReadModelsFilter,
  ),
  'GET /api/admin/read-models/:name': admin('One read model: state, lag, parked events.', {
    params: z.object({ name: z.string().regex(/^[a-z][a-z0-9_]{0,99}$/) }),
    responses: { 200: ReadModelRow },
  }),
  'GET /api/admin/parked-events/:id': admin('One parked event (`<read model>:<event id>`).', {
    params: z.object({ id: z.string() }),
    responses: { 200: ParkedEventRow },
  }),
  'GET /api/admin/parked-events': adminList(
    'Events the read models set aside.',
    ParkedEventRow,
    parkedSortFields,
    ParkedEventsFilter,
  ),
  'POST /api/admin/read-models/:name/retry': admin('Apply a read model’s parked events again.', {
    params: z.object({ name: z.string().regex(/^[a-z][a-z0-9_]{0,99}$/) }),
    responses: { 200: RetryParkedResult },
  }),

  // outreach
  'POST /api/v1/email/generate': {
    summary: 'Write an outreach email (the configured model, or the built-in template writer).',
    tags: ['outreach'],
    body: GenerateEmailRequest,
    responses: { 200: GeneratedEmail },
  },
  'GET /api/v1/email/templates': {
    summary: 'The caller’s templates, newest first.',
    tags: ['outreach'],
    responses: { 200: EmailTemplateList },
  },
  'POST /api/v1/email/templates': {
    summary: 'Save a template.',
    tags: ['outreach'],
    body: SaveEmailTemplateRequest,
    responses: { 201: EmailTemplate },
  },
  'GET /api/v1/email/templates/:id': {
    summary: 'One of the caller’s templates.',
    tags: ['outreach'],
    params: Id,
    responses: { 200: EmailTemplate },
  },
  'DELETE /api/v1/email/templates/:id': {
    summary: 'Delete one of the caller’s templates.',
    tags: ['outreach'],
    params: Id,
    responses: { 204: noContent },
  },

  // site settings
  'GET /api/admin/site-settings': adminList(
    'The twelve site settings.',
    SiteSettingRow,
    siteSettingSortFields,
    SiteSettingFilter,
  ),
  'GET /api/admin/site-settings/:key': admin('One site setting.', {
    params: SiteSettingParams,
    responses: { 200: SiteSettingRow },
  }),
  'PUT /api/admin/site-settings/:key': admin('Save a text setting (or clear an image one).', {
    params: SiteSettingParams,
    body: UpdateSiteSettingRequest,
    responses: { 200: SiteSettingRow },
  }),
  'POST /api/admin/site-settings/:key/image': admin('Upload an image setting (at most 5 MB).', {
    params: SiteSettingParams,
    bodyContent: uploadContent,
    responses: { 201: SiteSettingRow },
  }),
  'DELETE /api/admin/site-settings/:key/image': admin('Remove an image setting.', {
    params: SiteSettingParams,
    responses: { 200: SiteSettingRow },
  }),
  'GET /api/v1/site-settings': {
    summary: 'Every site setting, images as absolute URLs.',
    tags: ['admin'],
    responses: { 200: PublicSiteSettings },
  },
  'GET /api/v1/site-assets/:file': {
    summary: 'An uploaded site image (cached for a year: new content, new URL).',
    tags: ['admin'],
    params: z.object({ file: z.string().regex(/^[0-9a-f]{64}\.(png|jpg|gif|webp|svg|ico)$/) }),
    responses: {
      200: {
        description: 'The image.',
        content: Object.fromEntries(
          ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'image/x-icon'].map(
            (type) => [type, {}],
          ),
        ),
      },
    },
  },

  // directory
  'GET /api/v1/specialties': {
    summary: 'The home page’s specialties (at most 35, A to Z).',
    tags: ['directory'],
    responses: { 200: SpecialtyNames },
  },
  'GET /api/v1/specialty-counts': {
    summary: 'Every specialty with its number of professionals.',
    tags: ['directory'],
    responses: { 200: z.array(SpecialtyCount) },
  },
  'GET /api/v1/candidates/:id': {
    summary: 'A professional’s profile (without contact details).',
    tags: ['directory'],
    params: Id,
    responses: { 200: CandidateProfile },
  },
  'POST /api/v1/candidates/:id/reveal': {
    summary: 'Reveal a professional’s email and phone (counts against the daily quota).',
    tags: ['directory'],
    params: Id,
    responses: { 200: ContactDetails },
  },
  'POST /api/v1/exports': {
    summary: 'Export chosen candidates or a whole search as CSV or xlsx.',
    tags: ['directory'],
    body: ExportRequest,
    responses: { 200: exportFile },
  },
  'GET /api/v1/me/exports': {
    summary: 'The caller’s recent exports.',
    tags: ['directory'],
    responses: { 200: RecentExports },
  },
  'GET /api/admin/search-error-logs': adminList(
    'Search error logs.',
    SearchErrorLogRow,
    searchErrorLogSortFields,
    SearchErrorLogFilter,
  ),
  'GET /api/admin/search-error-logs/:id': admin('One search error log entry.', {
    params: Id,
    responses: { 200: SearchErrorLogRow },
  }),
  'DELETE /api/admin/search-error-logs/:id': admin('Delete a search error log entry.', {
    params: Id,
    responses: { 200: A.SearchErrorLogDeleted },
  }),
  'GET /api/admin/search-error-stats': admin('The search error stat cards.', {
    query: z.object({ range: SearchErrorRange.default('24h') }),
    responses: { 200: SearchErrorStats },
  }),

  // workspace
  'GET /api/v1/lists': {
    summary: 'The caller’s lists.',
    tags: ['workspace'],
    responses: { 200: ListSummaries },
  },
  'POST /api/v1/lists': {
    summary: 'Create a list, optionally with candidates on it.',
    tags: ['workspace'],
    body: CreateListRequest,
    responses: { 201: CreateListResponse },
  },
  'GET /api/v1/lists/:id': {
    summary: 'One list.',
    tags: ['workspace'],
    params: Id,
    responses: { 200: ListSummary },
  },
  'PATCH /api/v1/lists/:id': {
    summary: 'Rename a list or change its description.',
    tags: ['workspace'],
    params: Id,
    body: UpdateListRequest,
    responses: { 200: ListUpdated },
  },
  'DELETE /api/v1/lists/:id': {
    summary: 'Delete a list.',
    tags: ['workspace'],
    params: Id,
    responses: { 200: Deleted },
  },
  'GET /api/v1/lists/:id/members': {
    summary: 'A page of a list’s members (search with q), or every matching id (selectAll).',
    tags: ['workspace'],
    params: Id,
    query: ListMembersQuery,
    responses: { 200: ListMembersPage },
  },
  'POST /api/v1/lists/:id/members': {
    summary: 'Add candidates to a list.',
    tags: ['workspace'],
    params: Id,
    body: AddListMembersRequest,
    responses: { 200: ListMembersChanged },
  },
  'DELETE /api/v1/lists/:id/members': {
    summary: 'Remove candidates from a list.',
    tags: ['workspace'],
    params: Id,
    body: RemoveListMembersRequest,
    responses: { 200: ListMembersChanged },
  },
  'POST /api/v1/lists/:id/export': {
    summary: 'Export a list (every member, or the selected ones).',
    tags: ['workspace'],
    params: Id,
    body: ListExportRequest,
    responses: { 200: exportFile },
  },
  'GET /api/v1/saved-searches': {
    summary: 'The caller’s saved searches, each with its new-matches alert.',
    tags: ['workspace'],
    responses: { 200: SavedSearchViews },
  },
  'POST /api/v1/saved-searches': {
    summary: 'Save a search.',
    tags: ['workspace'],
    body: SaveSearchRequest,
    responses: { 201: SavedSearchView },
  },
  'GET /api/v1/saved-searches/:id': {
    summary: 'One saved search.',
    tags: ['workspace'],
    params: Id,
    responses: { 200: SavedSearchView },
  },
  'PATCH /api/v1/saved-searches/:id': {
    summary: 'Rename a saved search.',
    tags: ['workspace'],
    params: Id,
    body: RenameSavedSearchRequest,
    responses: { 200: A.SavedSearchRenamed },
  },
  'DELETE /api/v1/saved-searches/:id': {
    summary: 'Delete a saved search.',
    tags: ['workspace'],
    params: Id,
    responses: { 200: Deleted },
  },
  'POST /api/v1/saved-searches/:id/opened': {
    summary: 'Mark a saved search opened: its alert counts from now.',
    tags: ['workspace'],
    params: Id,
    responses: { 200: A.SavedSearchOpened },
  },
  'GET /api/v1/me/activity': {
    summary: 'The caller’s own reveals and exports, newest first.',
    tags: ['workspace'],
    query: ActivityQuery,
    responses: { 200: ActivityPage },
  },

  // this document and its reference
  'GET /api/openapi.json': {
    summary: 'This OpenAPI 3.1 document.',
    tags: ['docs'],
    responses: { 200: { description: 'The document.', content: { 'application/json': { type: 'object' } } } },
  },
  'GET /api/docs': {
    summary: 'The interactive API reference (Swagger UI).',
    tags: ['docs'],
    responses: { 200: html('The reference page.') },
  },
  'GET /api/docs/:file': {
    summary: 'The reference page’s scripts and styles.',
    tags: ['docs'],
    params: z.object({ file: z.string() }),
    responses: {
      200: {
        description: 'The file.',
        content: {
          'text/javascript': { type: 'string' },
          'application/javascript': { type: 'string' },
          'text/css': { type: 'string' },
          'image/png': {},
        },
      },
    },
  },
} satisfies Record<PolicyRoute, RouteDoc>;
