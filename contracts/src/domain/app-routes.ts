/**
 * The recruiter app's routes, in one table the web app and the server share: the app mounts its
 * screens at these paths and titles each page from it; the server answers 404 (still with the app,
 * which shows Not Found) for any other path. A screen added to the app without a row here is a
 * 404 on a reload, which is why the app's route files take their paths from this table.
 */
export const SITE_NAME = 'HealthTal';

export const APP_ROUTES = {
  home: { path: '/', title: null },
  about: { path: '/about', title: 'About' },
  terms: { path: '/terms', title: 'Terms of Service' },
  privacy: { path: '/privacy', title: 'Privacy Policy' },
  compliance: { path: '/compliance', title: 'Compliance' },
  moneyBackGuarantee: { path: '/money-back-guarantee', title: 'Money-back guarantee' },
  specialties: { path: '/specialties', title: 'Specialties' },
  login: { path: '/login', title: 'Log in' },
  signup: { path: '/signup', title: 'Sign up' },
  checkEmail: { path: '/check-email-confirmation', title: 'Check your email' },
  verifyEmail: { path: '/verify-email', title: 'Verify your email' },
  forgotPassword: { path: '/forgot-password', title: 'Forgot password' },
  resetPassword: { path: '/reset-password', title: 'Reset password' },
  pricing: { path: '/pricing', title: 'Pricing' },
  paymentSuccess: { path: '/success', title: 'Payment received' },
  account: { path: '/account', title: 'Account' },
  contact: { path: '/contact', title: 'Contact us' },
  submitResume: { path: '/submit-resume', title: 'Submit your resume' },
  resumeSubmitted: { path: '/resume-submitted', title: 'Resume submitted' },
  removeInfo: { path: '/remove-info', title: 'Remove my information' },
  confirmRemoval: { path: '/confirm-removal', title: 'Confirm removal' },
  directory: { path: '/directory', title: 'Search' },
  search: { path: '/search', title: 'Search' },
  physician: { path: '/physician/:id', title: 'Profile' },
  physicians: { path: '/physicians/:id', title: 'Profile' },
  lists: { path: '/lists', title: 'Lists' },
  list: { path: '/lists/:listId', title: 'List' },
  email: { path: '/email', title: 'Email generator' },
  // Outreach sequences (issue 36). A fixed path under /sequences/ goes before `sequence`: the first
  // route that matches titles the page.
  sequences: { path: '/sequences', title: 'Sequences' },
  sequenceReplies: { path: '/sequences/replies', title: 'Replies' },
  sequenceNew: { path: '/sequences/new', title: 'New sequence' },
  sequence: { path: '/sequences/:sequenceId', title: 'Sequence' },
  sequenceEdit: { path: '/sequences/:sequenceId/edit', title: 'Edit sequence' },
} as const satisfies Record<string, { path: string; title: string | null }>;

export type AppRouteName = keyof typeof APP_ROUTES;
export const NOT_FOUND_TITLE = 'Page not found';

const segments = (path: string) => path.split('/').filter(Boolean);
const ROUTES = Object.values(APP_ROUTES).map((route) => ({ ...route, segments: segments(route.path) }));

/** The route a path belongs to (":name" matches one segment; a trailing slash is allowed), or null. */
export function appRouteOf(pathname: string): (typeof ROUTES)[number] | null {
  const parts = segments(pathname);
  return (
    ROUTES.find(
      (route) =>
        route.segments.length === parts.length &&
        route.segments.every((segment, i) => segment.startsWith(':') || segment === parts[i]),
    ) ?? null
  );
}

export const isAppRoute = (pathname: string): boolean => appRouteOf(pathname) !== null;

/**
 * The document title of a path: "Search · HealthTal"; `home` (the settings' SEO title) for the
 * home page, "Page not found · HealthTal" for a path that is not a route.
 */
export function pageTitle(pathname: string, home: string, siteName: string = SITE_NAME): string {
  const route = appRouteOf(pathname);
  if (route && route.title === null) return home;
  return `${route?.title ?? NOT_FOUND_TITLE} · ${siteName}`;
}
