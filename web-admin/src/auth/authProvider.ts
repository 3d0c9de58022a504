import { AuthSession } from '@healthtal/contracts';
import type { AuthProvider, UserIdentity } from 'react-admin';
import { endSession, hasToken, httpClient, loadMe, refreshSession, startSession } from './session';

export type LoginForm = { email: string; password: string };

/**
 * Signs in through the same endpoints as the recruiter app. Anyone with an account may sign in;
 * what a non-admin then sees is Access Denied (see AdminOnly), and the API refuses them anyway.
 */
export const authProvider: AuthProvider = {
  async login({ email, password }: LoginForm) {
    const { json } = await httpClient('/api/v1/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email, password }),
    });
    startSession(AuthSession.parse(json));
    await loadMe();
  },

  async logout() {
    if (hasToken()) await fetch('/api/v1/auth/logout', { method: 'POST', credentials: 'same-origin' });
    endSession();
  },

  async checkAuth() {
    if (hasToken() || (await refreshSession())) return;
    throw new Error('Please sign in.');
  },

  /** A 401 that a refresh could not cure ends the session; a 403 is shown where it happened. */
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      endSession();
      throw new Error('Your session has expired. Please sign in again.');
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    const me = await loadMe();
    return { id: me.user.id, fullName: me.user.email };
  },

  async getPermissions() {
    if (!hasToken() && !(await refreshSession())) return [];
    return (await loadMe()).roles;
  },
};
