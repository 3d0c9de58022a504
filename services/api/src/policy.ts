import type { Request, RequestHandler } from 'express';
import { HttpProblem } from './http/problem';

/**
 * What a caller must be to use a route. `public`: anyone; `signed-in`: any account; `basic` and
 * `premium`: subscription tiers (premium includes basic); `not-demo`: a signed-in account that is not
 * a demo account; `admin`: an administrator.
 */
export type Capability = 'public' | 'signed-in' | 'basic' | 'premium' | 'not-demo' | 'admin';

export type Principal =
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'user'; readonly userId: string; readonly capabilities: ReadonlySet<Capability> };

export const ANONYMOUS: Principal = Object.freeze({ kind: 'anonymous' });

/** Finds out who is calling. The identity context supplies the real one; until then nobody signs in. */
export type PrincipalResolver = (req: Request) => Promise<Principal>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteKey = `${Method} /${string}`;

/**
 * The one policy table: every route of the API and the capability it needs. A route that is not
 * here cannot be registered (see `route`), and the policy test walks this table for every role.
 */
export const policy = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'POST /api/v1/contact-messages': 'public',
  'GET /api/admin/contact-messages': 'admin',
  'GET /api/admin/contact-messages/:id': 'admin',
} as const satisfies Record<RouteKey, Capability>;

export type PolicyRoute = keyof typeof policy;

export const allows = (principal: Principal, capability: Capability): boolean =>
  capability === 'public' || (principal.kind === 'user' && principal.capabilities.has(capability));

/** 401 when the caller must sign in first, 403 when signing in would not be enough. */
export function authorize(capability: Capability, resolvePrincipal: PrincipalResolver): RequestHandler {
  return async (req, _res, next) => {
    if (capability === 'public') return next();
    const principal = await resolvePrincipal(req);
    if (principal.kind === 'anonymous')
      throw new HttpProblem(401, 'Sign in required', 'Please sign in to continue.');
    if (!allows(principal, capability)) {
      throw new HttpProblem(403, 'Forbidden', `This needs the ${capability} capability.`);
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
