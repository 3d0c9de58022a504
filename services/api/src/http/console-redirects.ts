import type { Express } from 'express';

/**
 * The first version's admin routes (admin-intake-outreach §2) lead into the console's matching
 * page: /admin-dashboard, /users, /resume-approval, /admin-settings, /admin-logs. The console is
 * served under /admin and turns `/admin/<page>` into its own route.
 */
export const ADMIN_ROUTE_REDIRECTS: Record<string, string> = {
  '/admin-dashboard': '/admin/',
  '/users': '/admin/users',
  '/resume-approval': '/admin/resume-approval',
  '/admin-settings': '/admin/admin-settings',
  '/admin-logs': '/admin/admin-logs',
};

export function adminConsoleRedirects(app: Express): void {
  for (const [from, to] of Object.entries(ADMIN_ROUTE_REDIRECTS)) {
    app.get(from, (req, res) => {
      const query = req.originalUrl.indexOf('?');
      res.redirect(302, query === -1 ? to : to + req.originalUrl.slice(query));
    });
  }
}
