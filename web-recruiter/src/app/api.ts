import { type AuthSession, type Problem, SESSION_MARKER_COOKIE } from '@healthtal/contracts';
import { requestRefresh } from '@healthtal/web-shared/refresh-request';
import { singleFlightRefresh } from '@healthtal/web-shared/session-refresh';
import type { z } from 'zod';
import { takeStartedRefresh } from './boot';

/**
 * The one way the recruiter app talks to the API: JSON in and out, the access token from memory,
 * one silent refresh (the httpOnly refresh cookie) on a 401, and problem+json turned into ApiError
 * so forms can show the server's field messages.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Partial<Problem>,
  ) {
    super(problem.detail ?? problem.title ?? `Request failed (${status})`);
  }
  /** The server's message for one field, if it sent one. */
  field(name: string): string | undefined {
    return this.problem.errors?.[name];
  }
}

let accessToken: string | null = null;
const sessionListeners = new Set<(session: AuthSession | null) => void>();

export function setSession(session: AuthSession | null): void {
  accessToken = session?.accessToken ?? null;
  for (const listener of sessionListeners) listener(session);
}
export function onSessionChange(listener: (session: AuthSession | null) => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}
export const hasAccessToken = () => accessToken !== null;

const clearSessionMarker = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: one synchronous write; the Cookie Store API is not in every browser we serve.
  document.cookie = `${SESSION_MARKER_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
};

/**
 * Trades the refresh cookie for a new access token: one request at a time in this tab and across the
 * site's tabs, the console's too (web-shared's singleFlightRefresh).
 */
export const refreshSession = singleFlightRefresh({
  // The first refresh of a page load was started by the boot script; later ones are asked here.
  send: () => takeStartedRefresh() ?? requestRefresh(),
  onAnswer: (session, response) => {
    // The server clears the marker with a refused refresh; a proxy in between might not pass that on.
    if (response.status === 401) clearSessionMarker();
    setSession(session);
  },
});

export type ApiOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  /** Parses the answer; without it the JSON is returned as is. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * The same request, already sent by the boot script (boot.ts takeStarted…): its answer is used
   * instead of sending again; null (none, or none could be sent) sends as usual.
   */
  started?: Promise<Response | null> | null;
};

export async function api<T = unknown>(path: string, options: ApiOptions<T> = {}): Promise<T> {
  let res = (await options.started) ?? (await send(path, options));
  if (res.status === 401 && accessToken !== null) {
    if (await refreshSession()) res = await send(path, options);
  }
  if (!res.ok) throw new ApiError(res.status, await problemOf(res));
  if (res.status === 204) return undefined as T;
  const body: unknown = await res.json();
  return options.schema ? options.schema.parse(body) : (body as T);
}

/** A raw authorised request, for downloads (exports) that are not JSON. */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(path, withAuth(init));
  if (res.status === 401 && accessToken !== null && (await refreshSession()))
    return fetch(path, withAuth(init));
  return res;
}

function send(path: string, { method = 'GET', json, signal, headers }: ApiOptions<unknown>) {
  return fetch(
    path,
    withAuth({
      method,
      signal,
      headers: {
        accept: 'application/json',
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    }),
  );
}

function withAuth(init: RequestInit): RequestInit {
  const headers = new Headers(init.headers);
  if (accessToken) headers.set('authorization', `Bearer ${accessToken}`);
  return { ...init, headers, credentials: 'same-origin' };
}

async function problemOf(res: Response): Promise<Partial<Problem>> {
  try {
    return (await res.json()) as Partial<Problem>;
  } catch {
    return { status: res.status, title: res.statusText };
  }
}
