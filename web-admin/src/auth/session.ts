import { AuthSession, MeResponse, SESSION_REFRESH_LOCK } from '@healthtal/contracts';
import { fetchUtils, HttpError } from 'react-admin';

/**
 * The signed-in session. The access token lives in memory only (a page script cannot leak what is
 * not stored); the httpOnly `ht_refresh` cookie, scoped to /api/v1/auth, brings it back after a
 * reload or when it expires (15 minutes).
 */
let accessToken: string | null = null;
let me: MeResponse | null = null;
let refreshing: Promise<boolean> | null = null;

export const hasToken = () => accessToken !== null;
export const currentMe = () => me;

export function startSession(session: AuthSession) {
  accessToken = session.accessToken;
  me = null;
}

export function endSession() {
  accessToken = null;
  me = null;
}

/**
 * One refresh at a time across every tab of the site, the recruiter app's too (SESSION_REFRESH_LOCK):
 * the lock is held until the answer's headers, and with them the rotated cookie, are in. Where Web
 * Locks are missing (an insecure origin), the server's reuse grace covers tabs that race.
 */
async function requestRefresh(): Promise<Response> {
  const send = () => fetch('/api/v1/auth/refresh', { method: 'POST', credentials: 'same-origin' });
  return navigator.locks ? await navigator.locks.request(SESSION_REFRESH_LOCK, send) : send();
}

/**
 * Renews the access token from the refresh cookie. One at a time, in this tab and across tabs: the
 * server rotates the refresh token on every use and treats a second use of the old one, after a few
 * seconds' grace, as theft, ending the sign-in.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const response = await requestRefresh();
      if (!response.ok) {
        endSession();
        // Not read: cancelled, so the request ends instead of staying open on the page.
        await response.body?.cancel();
        return false;
      }
      startSession(AuthSession.parse(await response.json()));
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** The message of a problem+json answer: its detail, else its title. */
function problemMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const { detail, title } = body as { detail?: unknown; title?: unknown };
    if (typeof detail === 'string' && detail) return detail;
    if (typeof title === 'string' && title) return title;
  }
  return fallback;
}

async function fetchWithToken(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
}

/**
 * ra-data-simple-rest's HTTP client: adds the bearer token, renews it once on a 401, and turns
 * problem+json answers into errors that carry the server's words.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  try {
    try {
      return await fetchWithToken(url, options);
    } catch (error) {
      if (error instanceof HttpError && error.status === 401 && (await refreshSession()))
        return await fetchWithToken(url, options);
      throw error;
    }
  } catch (error) {
    if (error instanceof HttpError)
      throw new HttpError(problemMessage(error.body, error.message), error.status, error.body);
    throw error;
  }
}

/** Sends a body that is not JSON (an image upload) through the same token handling. */
export async function sendRaw(url: string, method: string, body: Blob, contentType: string) {
  return httpClient(url, { method, body, headers: new Headers({ 'Content-Type': contentType }) });
}

/** Who is signed in: roles and capabilities, as the server sees them. */
export async function loadMe(): Promise<MeResponse> {
  me ??= MeResponse.parse((await httpClient('/api/v1/me')).json);
  return me;
}
