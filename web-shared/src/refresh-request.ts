import { SESSION_REFRESH_LOCK } from '@healthtal/contracts/session-marker';

/**
 * The session refresh request, without zod: the recruiter app's boot script sends it before the app
 * has loaded (web-recruiter/src/app/boot.ts), and both apps send it through singleFlightRefresh.
 */
export const REFRESH_PATH = '/api/v1/auth/refresh';

/**
 * One refresh at a time across every tab of the site, both apps' (SESSION_REFRESH_LOCK): the lock is
 * held until the answer's headers, and with them the rotated cookie, are in. Where Web Locks are
 * missing (an insecure origin), the server's reuse grace covers tabs that race.
 */
export async function requestRefresh(url = REFRESH_PATH): Promise<Response> {
  const send = () => fetch(url, { method: 'POST', credentials: 'same-origin' });
  const locks = globalThis.navigator?.locks;
  return locks ? await locks.request(SESSION_REFRESH_LOCK, send) : send();
}
