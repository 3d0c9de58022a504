import { SESSION_MARKER_COOKIE } from '@healthtal/contracts';
import type { Request, Response } from 'express';
import type { ApiSettings } from '../settings';
import { REFRESH_TOKEN_TTL_DAYS } from './session-tokens';

export const REFRESH_COOKIE = 'ht_refresh';
/** Only the auth routes ever see the refresh token. */
const COOKIE_PATH = '/api/v1/auth';

export function setRefreshCookie(res: Response, settings: ApiSettings, token: string): void {
  res.cookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    secure: settings.secureCookies,
    sameSite: 'strict',
    path: COOKIE_PATH,
    maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400_000,
  });
  // Readable by the page, for every path: "a session may be resumed", never the token itself.
  res.cookie(SESSION_MARKER_COOKIE, '1', {
    secure: settings.secureCookies,
    sameSite: 'strict',
    path: '/',
    maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400_000,
  });
}

export function clearRefreshCookie(res: Response, settings: ApiSettings): void {
  res.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    secure: settings.secureCookies,
    sameSite: 'strict',
    path: COOKIE_PATH,
  });
  res.clearCookie(SESSION_MARKER_COOKIE, { secure: settings.secureCookies, sameSite: 'strict', path: '/' });
}

export function refreshCookieOf(req: Request): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === REFRESH_COOKIE) {
      const token = value.join('=');
      return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
    }
  }
  return null;
}
