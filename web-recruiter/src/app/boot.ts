import { SESSION_MARKER_COOKIE } from '@healthtal/contracts/session-marker';

/**
 * The recruiter app's first script: a separate entry of a few hundred bytes, loaded before the
 * app's own (vite.config.ts puts its tag first). A returning visitor's session refresh goes out as
 * soon as the page is parsed, instead of after React, MUI and the app have been loaded and
 * evaluated (~200 ms later on this 2-core machine, issue 17); /me and the first search then leave
 * the moment the app runs.
 *
 * The server rotates the refresh token on every use and ends the sign-in when an old one comes
 * back, so this request is the page's first refresh, not one more: refreshSession (api.ts) takes
 * its answer instead of asking again. Module scripts without `async` run in document order, so this
 * one has run before the app asks.
 */

/**
 * Whether a session may be resumed: the server keeps a readable marker cookie beside the httpOnly
 * refresh cookie (set and cleared with it), so a visitor who never signed in makes no refresh call.
 */
export const hasSessionMarker = (): boolean =>
  document.cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_MARKER_COOKIE}=`));

export const requestRefresh = (): Promise<Response> =>
  fetch('/api/v1/auth/refresh', { method: 'POST', credentials: 'same-origin' });

let started: Promise<Response> | null = hasSessionMarker() ? requestRefresh() : null;

/** The refresh this script started while the page loaded, once; null after, or when none was. */
export function takeStartedRefresh(): Promise<Response> | null {
  const refresh = started;
  started = null;
  return refresh;
}
