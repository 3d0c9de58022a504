import { MeResponse } from '@healthtal/contracts';
import { ApiError, api, refreshSession, setSession } from './api';
import { loadedWithSession, takeStartedMe } from './boot';

let resuming: Promise<MeResponse | null> | null = null;
/** What resumeSession settled to; undefined while it has not (or was never started). */
let resumed: MeResponse | null | undefined;

/**
 * Signs a returning visitor back in: the refresh cookie traded for an access token, then /me.
 * Started by main.tsx as soon as the entry chunk runs, before React renders, and shared by the
 * AuthProvider; queries that only need the token (the first search) start when the token arrives,
 * beside /me rather than after it. Null when there is no session to resume (no refresh call at all
 * without the session marker).
 */
export function resumeSession(): Promise<MeResponse | null> {
  resuming ??= (async () => {
    if (!loadedWithSession()) return null;
    const session = await refreshSession();
    if (!session) return null;
    try {
      return await api('/api/v1/me', { schema: MeResponse, started: takeStartedMe() });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setSession(null);
      return null;
    }
  })().then(
    (me) => {
      resumed = me;
      return me;
    },
    () => {
      resumed = null;
      return null;
    },
  );
  return resuming;
}

/**
 * The resumed session if it has settled (the signed-in user, or null when there was none to
 * resume), undefined while it is still on its way. The first render starts from it when main.tsx
 * waited for it, instead of rendering a spinner and then the screen.
 */
export const resumedSession = (): MeResponse | null | undefined => resumed;
