import { AuthSession, type Capability, MeResponse } from '@healthtal/contracts';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ApiError, api, hasAccessToken, onSessionChange, setSession } from './api';
import { resumedSession, resumeSession } from './session';

/** How often the subscription state is re-read while the tab is open (spec: every 5 minutes). */
export const ME_REFRESH_MS = 5 * 60_000;

export type Auth = {
  status: 'loading' | 'signed-out' | 'signed-in';
  me: MeResponse | null;
  /**
   * An access token is in hand, possibly before /me has answered: what needs only a signed-in
   * caller (the first search) starts now, beside /me.
   */
  hasSession: boolean;
  /** True when the signed-in user has the capability (the server decides; this only hides UI). */
  can(capability: Capability): boolean;
  login(email: string, password: string): Promise<void>;
  /** Rejects when the server could not end the session; the caller says so. */
  logout(): Promise<void>;
  /** Re-reads /api/v1/me (after a checkout, a profile change, …). */
  reload(): Promise<void>;
};

const AuthContext = createContext<Auth | null>(null);

const statusOf = (resumed: MeResponse | null | undefined): Auth['status'] =>
  resumed === undefined ? 'loading' : resumed ? 'signed-in' : 'signed-out';

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside <AuthProvider>');
  return auth;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // Settled before the first render (main.tsx waits for it a moment): no spinner pass first.
  const [status, setStatus] = useState<Auth['status']>(() => statusOf(resumedSession()));
  const [me, setMe] = useState<MeResponse | null>(() => resumedSession() ?? null);
  const [hasSession, setHasSession] = useState(hasAccessToken);
  const lastLoaded = useRef(0);

  useEffect(() => {
    const stop = onSessionChange((session) => setHasSession(session !== null));
    setHasSession(hasAccessToken());
    return stop;
  }, []);

  const loadMe = useCallback(async () => {
    try {
      const next = await api('/api/v1/me', { schema: MeResponse });
      lastLoaded.current = Date.now();
      setMe(next);
      setStatus('signed-in');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setSession(null);
        setMe(null);
        setStatus('signed-out');
      } else throw error;
    }
  }, []);

  // On start: a session from an earlier visit signs the user back in (begun by main.tsx).
  useEffect(() => {
    void resumeSession().then(
      (resumed) => {
        if (!resumed) return setStatus('signed-out');
        lastLoaded.current = Date.now();
        setMe(resumed);
        setStatus('signed-in');
      },
      () => setStatus('signed-out'),
    );
  }, []);

  // Subscription state goes stale: re-read every 5 minutes, and on return to the tab after that.
  useEffect(() => {
    if (status !== 'signed-in') return;
    const timer = window.setInterval(() => void loadMe().catch(() => {}), ME_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastLoaded.current >= ME_REFRESH_MS)
        void loadMe().catch(() => {});
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [status, loadMe]);

  const auth = useMemo<Auth>(
    () => ({
      status,
      me,
      hasSession,
      can: (capability) => me?.capabilities.includes(capability) ?? false,
      async login(email, password) {
        const session = await api('/api/v1/auth/login', {
          method: 'POST',
          json: { email, password },
          schema: AuthSession,
        });
        setSession(session);
        await loadMe();
      },
      async logout() {
        // A failed sign-out keeps the session (the refresh cookie may still be valid): say so.
        await api('/api/v1/auth/logout', { method: 'POST' });
        setSession(null);
        setMe(null);
        setStatus('signed-out');
      },
      reload: loadMe,
    }),
    [status, me, hasSession, loadMe],
  );
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}
