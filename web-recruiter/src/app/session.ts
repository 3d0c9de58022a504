import { MeResponse } from '@healthtal/contracts';
import { ApiError, api, hasSessionMarker, refreshSession, setSession } from './api';

let resuming: Promise<MeResponse | null> | null = null;

/**
 * Signs a returning visitor back in: the refresh cookie traded for an access token, then /me.
 * Started by main.tsx as soon as the entry chunk runs, before React renders, and shared by the
 * AuthProvider; queries that only need the token (the first search) start when the token arrives,
 * beside /me rather than after it. Null when there is no session to resume (no refresh call at all
 * without the session marker).
 */
export function resumeSession(): Promise<MeResponse | null> {
  resuming ??= (async () => {
    if (!hasSessionMarker()) return null;
    const session = await refreshSession();
    if (!session) return null;
    try {
      return await api('/api/v1/me', { schema: MeResponse });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setSession(null);
      return null;
    }
  })();
  return resuming;
}
