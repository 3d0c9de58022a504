import { SESSION_MARKER_COOKIE } from '@healthtal/contracts/session-marker';
import { requestRefresh } from '@healthtal/web-shared/refresh-request';
import { firstSearchBody } from '../directory/search/search-body';

/**
 * The recruiter app's first script: a separate entry of a few kilobytes, loaded before the app's
 * own (vite.config.ts puts its tag first). A returning visitor's session refresh goes out as soon
 * as the page is parsed, and the requests the first screen waits for follow as soon as its token
 * arrives: /me, and on /search the first page of results. All of it travels while the app's
 * JavaScript downloads and runs (~250 ms on this 2-core machine on a first visit, issue 17), not
 * after it.
 *
 * The server rotates the refresh token on every use and ends the sign-in when an old one comes
 * back, so this request is the page's first refresh, not one more: refreshSession (api.ts) takes
 * its answer instead of asking again, and the app takes /me and the search the same way (each
 * once). Module scripts without `async` run in document order, so this one has run before the app
 * asks.
 */

/**
 * Whether a session may be resumed: the server keeps a readable marker cookie beside the httpOnly
 * refresh cookie (set and cleared with it), so a visitor who never signed in makes no refresh call.
 */
const hasSessionMarker = (): boolean =>
  document.cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_MARKER_COOKIE}=`));

// Read once: reading document.cookie asks the browser process (5–15 ms here on a busy first visit),
// and the page's start-up asks three times.
const markedAtLoad = hasSessionMarker();
/** Whether the page was loaded with a session to resume (the marker, as it was at load). */
export const loadedWithSession = (): boolean => markedAtLoad;

type Started = {
  refresh: Promise<Response> | null;
  me: Promise<Response | null> | null;
  search: { body: string; response: Promise<Response | null> } | null;
};

const started: Started = markedAtLoad ? startSession() : { refresh: null, me: null, search: null };

function startSession(): Started {
  // One refresh at a time across the site's tabs (web-shared's requestRefresh, zod-free).
  const refresh = requestRefresh();
  // The app reads the refresh's own body; this reads a copy, for the token only.
  const token = refresh
    .then(async (res) =>
      res.ok ? ((await res.clone().json()) as { accessToken?: string }).accessToken : null,
    )
    .catch(() => null);
  // Null when it could not be sent or failed on the way: the app then sends it itself.
  const send = (path: string, init: RequestInit = {}): Promise<Response | null> =>
    token.then((accessToken) =>
      accessToken
        ? fetch(path, {
            ...init,
            credentials: 'same-origin',
            headers: {
              accept: 'application/json',
              authorization: `Bearer ${accessToken}`,
              ...(init.body ? { 'content-type': 'application/json' } : {}),
            },
          }).catch(() => null)
        : null,
    );
  const body = firstSearchBody(window.location);
  const json = body && JSON.stringify(body);
  return {
    refresh,
    me: send('/api/v1/me'),
    search: json ? { body: json, response: send('/api/v1/search', { method: 'POST', body: json }) } : null,
  };
}

/** The refresh this script started while the page loaded, once; null after, or when none was. */
export function takeStartedRefresh(): Promise<Response> | null {
  const refresh = started.refresh;
  started.refresh = null;
  return refresh;
}

/** The /me request this script started, once (it resolves to null when the refresh failed). */
export function takeStartedMe(): Promise<Response | null> | null {
  const me = started.me;
  started.me = null;
  return me;
}

/**
 * The first search this script started, once, if it asked for exactly `body` (the page may ask
 * for another: a remembered table page size); null otherwise.
 */
export function takeStartedSearch(body: unknown): Promise<Response | null> | null {
  const search = started.search;
  if (!search || search.body !== JSON.stringify(body)) return null;
  started.search = null;
  return search.response;
}
