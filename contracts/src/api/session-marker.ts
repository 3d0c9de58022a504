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

/**
 * The Web Lock (`navigator.locks`) every tab of both web apps holds while it refreshes the session:
 * they share the refresh cookie, which rotates on every use, so a tab sends its refresh only after
 * the previous one's answer has set the new cookie (issue 32: tabs opened together raced, and the
 * losers' old cookie looked stolen).
 */
export const SESSION_REFRESH_LOCK = 'healthtal-session-refresh';
