import { AuthSession } from '@healthtal/contracts';
import { requestRefresh } from './refresh-request';

export type SessionRefreshOptions = {
  /** Sends the refresh request; requestRefresh by default. */
  send?: () => Promise<Response>;
  /**
   * Told of every answer: the new session, or null when the server refused the refresh (the sign-in
   * is over). Not told when the request failed on the way: the session may still be good.
   */
  onAnswer(session: AuthSession | null, response: Response): void;
};

/**
 * Renews the access token from the httpOnly refresh cookie, one request at a time: callers in this
 * tab share the one in flight, and tabs take turns (requestRefresh). The server rotates the refresh
 * token on every use and treats a second use of an old one, after a few seconds' grace, as theft,
 * ending the sign-in. Resolves to the new session, or null when refused or failed on the way.
 */
export function singleFlightRefresh({
  send = requestRefresh,
  onAnswer,
}: SessionRefreshOptions): () => Promise<AuthSession | null> {
  let refreshing: Promise<AuthSession | null> | null = null;
  return () => {
    refreshing ??= (async () => {
      try {
        const response = await send();
        // A refused refresh's body is not read: cancelled, so the request ends (and the page can idle).
        if (!response.ok) await response.body?.cancel();
        const session = response.ok ? AuthSession.parse(await response.json()) : null;
        onAnswer(session, response);
        return session;
      } catch {
        return null;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  };
}
