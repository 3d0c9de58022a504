import type { RequestHandler, Router } from 'express';
import { authorize, type PolicyRoute, type PrincipalResolver } from '../policy';

/**
 * Registers routes only through the policy table: the key names method and path, the table names
 * who may call it, and the authorization runs before any handler.
 */
export class RouteRegistrar {
  readonly registered = new Set<PolicyRoute>();

  constructor(
    private readonly router: Router,
    private readonly resolvePrincipal: PrincipalResolver,
    /** Runs after authorization on every command (POST, PUT, PATCH, DELETE): idempotency keys. */
    private readonly commandMiddleware: RequestHandler[] = [],
  ) {}

  route(key: PolicyRoute, ...handlers: RequestHandler[]): void {
    if (this.registered.has(key)) throw new Error(`Route ${key} is registered twice`);
    const [method, path] = key.split(' ') as [string, string];
    const register = this.router[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'].bind(
      this.router,
    );
    const commands = method === 'GET' ? [] : this.commandMiddleware;
    const named: RequestHandler = (_req, res, next) => {
      // The route's policy key labels its metrics (a path with ids would make a label per id).
      res.locals.route = key;
      next();
    };
    register(path, named, authorize(key, this.resolvePrincipal), ...commands, ...handlers);
    this.registered.add(key);
  }
}
