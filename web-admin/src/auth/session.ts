import { type AuthSession, MeResponse } from '@healthtal/contracts';
import { singleFlightRefresh } from '@healthtal/web-shared/session-refresh';
import { fetchUtils, HttpError } from 'react-admin';

/**
 * The signed-in session. The access token lives in memory only (a page script cannot leak what is
 * not stored); the httpOnly `ht_refresh` cookie, scoped to /api/v1/auth, brings it back after a
 * reload or when it expires (15 minutes).
 */
let accessToken: string | null = null;
let me: MeResponse | null = null;

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
 * Renews the access token from the refresh cookie: one request at a time in this tab and across the
 * site's tabs, the recruiter app's too (web-shared's singleFlightRefresh). A refused refresh ends the
 * session here.
 */
const refresh = singleFlightRefresh({
  onAnswer: (session) => (session ? startSession(session) : endSession()),
});
export const refreshSession = async (): Promise<boolean> => (await refresh()) !== null;

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

/**
 * A file the console downloads (a submission's resume): the raw bytes, with the same token handling
 * as httpClient; a refusal becomes an HttpError with the server's words.
 */
export async function fetchFile(url: string): Promise<Blob> {
  const send = () =>
    fetch(url, {
      headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
      credentials: 'same-origin',
    });
  let res = await send();
  if (res.status === 401 && (await refreshSession())) res = await send();
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new HttpError(problemMessage(body, res.statusText), res.status, body);
  }
  return res.blob();
}

/** Who is signed in: roles and capabilities, as the server sees them. */
export async function loadMe(): Promise<MeResponse> {
  me ??= MeResponse.parse((await httpClient('/api/v1/me')).json);
  return me;
}
