import {
  ADMIN_RESOURCE_NAMES,
  type AdminRecordParam,
  type AdminResourceName,
  type AdminResourcePath,
  adminResource,
  DemoRefusal,
} from '@healthtal/contracts';
import type { Request, RequestHandler } from 'express';
import { HttpProblem } from './shared/problem';

/**
 * What a caller must be to use a route. `public`: anyone; `signed-in`: any account; `basic` and
 * `premium`: subscription tiers (admins have both; demo users pass the basic paywall); `not-demo`: a
 * signed-in account that is not a demo account; `contacts`: may see contact details (subscribers,
 * and demo users with a full_access grant); `admin`: an administrator.
 */
export type Capability = 'public' | 'signed-in' | 'basic' | 'premium' | 'not-demo' | 'contacts' | 'admin';

export type Principal =
  | { readonly kind: 'anonymous' }
  | {
      readonly kind: 'user';
      readonly userId: string;
      readonly capabilities: ReadonlySet<Capability>;
      /** The sign-in (refresh-token family) this request's access token belongs to. */
      readonly sessionId?: string;
    };

export const ANONYMOUS: Principal = Object.freeze({ kind: 'anonymous' });

/** Finds out who is calling. The identity context supplies the real one; until then nobody signs in. */
export type PrincipalResolver = (req: Request) => Promise<Principal>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** One capability, or several that must all hold. */
export type Requirement = Capability | readonly Capability[];
export type RouteKey = `${Method} /${string}`;

/** A console resource's list, at its name and its aliases (contracts' ADMIN_RESOURCES). */
export type AdminListRoute = {
  [N in AdminResourceName]: `GET /api/admin/${AdminResourcePath<N>}`;
}[AdminResourceName];
/** A console resource's record: `/:id`, or the parameter the registry names. */
export type AdminRecordRoute = {
  [N in AdminResourceName]: `GET /api/admin/${AdminResourcePath<N>}/:${AdminRecordParam<N>}`;
}[AdminResourceName];

/** Every console resource's list and record routes: admins only, like everything under /api/admin. */
const adminResourceRoutes = Object.fromEntries(
  ADMIN_RESOURCE_NAMES.flatMap((name) => {
    const { paths, param } = adminResource(name);
    return paths.flatMap((path) => [
      [`GET /api/admin/${path}`, 'admin'],
      [`GET /api/admin/${path}/:${param}`, 'admin'],
    ]);
  }),
) as { readonly [Route in AdminListRoute | AdminRecordRoute]: 'admin' };

/**
 * The one policy table: every route of the API and the capability it needs. A route that is not
 * here cannot be registered (see `route`), and the policy test walks this table for every role.
 */
export const policy = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  // Prometheus text: the handler asks for METRICS_TOKEN or an admin (http/metrics.ts).
  'GET /metrics': 'public',

  // the admin console's resources, each list and record (GET /api/admin/users, /users/:id, …):
  // contracts' ADMIN_RESOURCES names them, http/admin-resource.ts serves them; below, each context's
  // other routes
  ...adminResourceRoutes,

  // identity
  'POST /api/v1/auth/signup': 'public',
  'POST /api/v1/auth/login': 'public',
  'POST /api/v1/auth/logout': 'public',
  'POST /api/v1/auth/refresh': 'public',
  'POST /api/v1/auth/verify-email': 'public',
  'POST /api/v1/auth/resend-verification': 'public',
  'POST /api/v1/auth/forgot-password': 'public',
  'POST /api/v1/auth/reset-password': 'public',
  'GET /api/v1/me': 'signed-in',
  'PUT /api/v1/me/profile': ['signed-in', 'not-demo'],
  'PUT /api/v1/me/notifications': ['signed-in', 'not-demo'],

  // billing (the simulator's pages are public: a plain navigation carries no bearer token, and the
  // unguessable session id in the path is the capability; see billing-simulator.routes.ts)
  'GET /api/v1/billing/plans': 'public',
  'POST /api/v1/billing/checkout': ['signed-in', 'not-demo'],
  'POST /api/v1/billing/portal': ['signed-in', 'not-demo'],
  'POST /api/v1/billing/webhook': 'public',
  'GET /api/v1/billing/refund-eligibility': 'signed-in',
  'POST /api/v1/billing/refund-requests': ['signed-in', 'not-demo'],
  'POST /api/admin/refund-requests/:id/approve': 'admin',
  'POST /api/admin/refund-requests/:id/reject': 'admin',
  'POST /api/admin/users/:id/plan': 'admin',
  'GET /api/v1/billing/simulator/:sessionId': 'public',
  'POST /api/v1/billing/simulator/:sessionId/complete': 'public',
  'POST /api/v1/billing/simulator/:sessionId/cancel': 'public',
  'GET /api/v1/billing/simulator/portal/:sessionId': 'public',
  'POST /api/v1/billing/simulator/portal/:sessionId/cancel': 'public',

  // access: demo grants
  'POST /api/admin/demo-grants': 'admin',
  'DELETE /api/admin/demo-grants/:id': 'admin',
  'DELETE /api/admin/users/:userId/demo-grants': 'admin',

  // identity: the console's User Management
  'GET /api/admin/user-stats': 'admin',
  'DELETE /api/admin/users/:id': 'admin',
  'POST /api/admin/users/:id/admin-role': 'admin',
  'DELETE /api/admin/users/:id/admin-role': 'admin',
  'GET /api/admin/users/:id/history': 'admin',
  'POST /api/admin/users/:id/verification-email': 'admin',
  'POST /api/admin/users/:id/password-reset-email': 'admin',

  // directory
  'POST /api/v1/search': 'signed-in',
  // the typed filters' values with counts, as the user types (aggregates, like a free user's count)
  'GET /api/v1/search/suggestions': 'signed-in',
  // a pasted job posting read as proposed filters (issue 35): who may search may ask
  'POST /api/v1/search/from-posting': 'signed-in',

  // intake
  'POST /api/v1/contact-messages': 'public',
  'POST /api/v1/removal-requests': 'public',
  'POST /api/v1/removal-requests/confirm': 'public',
  'POST /api/v1/removal-requests/opt-out': 'public',
  'POST /api/v1/resume-submissions': 'public',
  'GET /api/admin/resume-submissions/counts': 'admin',
  'GET /api/admin/resume-submissions/:id/file': 'admin',
  'POST /api/admin/resume-submissions/:id/approve': 'admin',
  'POST /api/admin/resume-submissions/:id/reject': 'admin',
  'POST /api/admin/resume-submissions/bulk-approve': 'admin',
  'POST /api/admin/resume-submissions/bulk-reject': 'admin',
  'GET /api/admin/mail-delivery': 'admin',

  // ops: the console's dashboard (ops/dashboard.*)
  'GET /api/admin/dashboard': 'admin',

  // ops: read models, their lag and parked events (docs/adr/0018-projector-dead-letters.md)
  'POST /api/admin/read-models/:name/retry': 'admin',

  // outreach: the AI email generator and templates (demo accounts may generate; `canSend` says no)
  'POST /api/v1/email/generate': 'signed-in',
  'GET /api/v1/email/templates': 'signed-in',
  'POST /api/v1/email/templates': 'signed-in',
  'GET /api/v1/email/templates/:id': 'signed-in',
  'DELETE /api/v1/email/templates/:id': 'signed-in',
  // outreach: sequences send mail to revealed contacts, so they need what Send Email needs
  'GET /api/v1/sequences': ['signed-in', 'contacts', 'not-demo'],
  // what the cards show: the caller's last sequence email per candidate, and global opt-outs
  'GET /api/v1/sequences/contacted': ['signed-in', 'basic'],
  'GET /api/v1/sequences/replies': ['signed-in', 'contacts', 'not-demo'],
  'POST /api/v1/sequences': ['signed-in', 'contacts', 'not-demo'],
  'GET /api/v1/sequences/:id': ['signed-in', 'contacts', 'not-demo'],
  'PUT /api/v1/sequences/:id': ['signed-in', 'contacts', 'not-demo'],
  'POST /api/v1/sequences/:id/pause': ['signed-in', 'contacts', 'not-demo'],
  'POST /api/v1/sequences/:id/resume': ['signed-in', 'contacts', 'not-demo'],
  'POST /api/v1/sequences/:id/enrolments': ['signed-in', 'contacts', 'not-demo'],
  'GET /api/v1/sequences/:id/enrolments': ['signed-in', 'contacts', 'not-demo'],
  'DELETE /api/v1/sequences/:id/enrolments': ['signed-in', 'contacts', 'not-demo'],
  'GET /api/v1/candidates/:id/sequences': ['signed-in', 'contacts', 'not-demo'],
  // the unsubscribe link of sequence emails: a signed token, no login (RFC 8058 one-click)
  'GET /api/v1/unsubscribe': 'public',
  'POST /api/v1/unsubscribe': 'public',

  // site: Website Settings; the public metadata and the uploaded images anyone's page loads
  'PUT /api/admin/site-settings/:key': 'admin',
  'POST /api/admin/site-settings/:key/image': 'admin',
  'DELETE /api/admin/site-settings/:key/image': 'admin',
  'GET /api/v1/site-settings': 'public',
  'GET /api/v1/site-assets/:file': 'public',

  // directory: specialties, profile, contact reveal, export, search error log
  'GET /api/v1/specialties': 'public',
  'GET /api/v1/specialty-counts': 'signed-in',
  'GET /api/v1/candidates/:id': ['signed-in', 'basic'],
  'POST /api/v1/candidates/:id/reveal': ['signed-in', 'contacts'],
  'POST /api/v1/exports': ['signed-in', 'premium', 'not-demo'],
  'GET /api/v1/me/exports': 'signed-in',
  'DELETE /api/admin/search-error-logs/:id': 'admin',
  'GET /api/admin/search-error-stats': 'admin',

  // workspace: lists (a free account still sees and deletes its lists; making and filling them needs
  // a subscription, and demo accounts may not: canCreateLists is false), saved searches, activity
  'GET /api/v1/lists': 'signed-in',
  'POST /api/v1/lists': ['signed-in', 'basic', 'not-demo'],
  'GET /api/v1/lists/:id': ['signed-in', 'basic'],
  'PATCH /api/v1/lists/:id': ['signed-in', 'basic', 'not-demo'],
  'DELETE /api/v1/lists/:id': ['signed-in', 'not-demo'],
  'GET /api/v1/lists/:id/members': ['signed-in', 'basic'],
  'POST /api/v1/lists/:id/members': ['signed-in', 'basic', 'not-demo'],
  'DELETE /api/v1/lists/:id/members': ['signed-in', 'basic', 'not-demo'],
  'POST /api/v1/lists/:id/export': ['signed-in', 'premium', 'not-demo'],
  'GET /api/v1/saved-searches': ['signed-in', 'basic'],
  'POST /api/v1/saved-searches': ['signed-in', 'basic'],
  'GET /api/v1/saved-searches/:id': ['signed-in', 'basic'],
  'PATCH /api/v1/saved-searches/:id': ['signed-in', 'basic'],
  'DELETE /api/v1/saved-searches/:id': ['signed-in', 'basic'],
  'POST /api/v1/saved-searches/:id/opened': ['signed-in', 'basic'],
  'GET /api/v1/me/activity': 'signed-in',

  // the OpenAPI document and its interactive reference (http/api-docs.ts)
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/:file': 'public',
} as const satisfies Record<RouteKey, Requirement>;

export type PolicyRoute = keyof typeof policy;

export const capabilitiesOfRequirement = (requirement: Requirement): readonly Capability[] =>
  typeof requirement === 'string' ? [requirement] : requirement;

export const allows = (principal: Principal, requirement: Requirement): boolean =>
  capabilitiesOfRequirement(requirement).every(
    (capability) =>
      capability === 'public' || (principal.kind === 'user' && principal.capabilities.has(capability)),
  );

/**
 * Whether the table lets this caller call the route: the one answer behind both the route's 403 and
 * every capability flag /me reports (identity/access-profile.ts), so the two cannot disagree.
 */
export const may = (principal: Principal, route: PolicyRoute): boolean => allows(principal, policy[route]);

const isPublic = (requirement: Requirement) =>
  capabilitiesOfRequirement(requirement).every((c) => c === 'public');

/** 401 when the caller must sign in first, 403 when signing in would not be enough. */
export function authorize(route: PolicyRoute, resolvePrincipal: PrincipalResolver): RequestHandler {
  const requirement = policy[route];
  return async (req, _res, next) => {
    if (isPublic(requirement)) return next();
    const principal = await resolvePrincipal(req);
    if (principal.kind === 'anonymous')
      throw new HttpProblem(401, 'Sign in required', 'Please sign in to continue.');
    if (!may(principal, route)) {
      const missing = capabilitiesOfRequirement(requirement).filter((c) => !allows(principal, c));
      // Only the demo account stands in the way: say so in words the web app can show as they are.
      if (missing.length === 1 && missing[0] === 'not-demo')
        throw new HttpProblem(403, DemoRefusal.title, DemoRefusal.detail);
      throw new HttpProblem(403, 'Forbidden', `This needs: ${missing.join(', ')}.`);
    }
    req.principal = principal;
    next();
  };
}

declare global {
  namespace Express {
    interface Request {
      principal?: Principal;
    }
  }
}
