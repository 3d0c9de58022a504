/**
 * A cookie the page can read (not httpOnly, no secret in it) that lives exactly as long as the
 * httpOnly refresh cookie: the web app asks for a refresh only when it is there, so an anonymous
 * visit makes no /auth/refresh call (and logs no 401).
 *
 * A module of its own, without zod: the recruiter app's boot script (web-recruiter/src/app/boot.ts)
 * imports it through `@healthtal/contracts/session-marker` and stays small (7 KB gzipped with
 * the search-screen rules it also needs, all without zod).
 */
export const SESSION_MARKER_COOKIE = 'ht_session';
