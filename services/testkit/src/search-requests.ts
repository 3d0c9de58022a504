import type { Problem, SearchResponse } from '@healthtal/contracts';
import type { Role, TestApp } from './harness';

/** `POST /api/v1/search` as a signed-in `as` (basic by default): the status and the parsed answer. */
export async function searchAs(app: TestApp, body: Record<string, unknown>, as: Role = 'basic') {
  const response = await app.request('/api/v1/search', { method: 'POST', json: body, as });
  return { status: response.status, body: (await response.json()) as SearchResponse & Problem };
}

/** The first names a search finds, sorted by name (the order the HTTP tests read). */
export const firstNamesFound = async (app: TestApp, body: Record<string, unknown>) =>
  (await searchAs(app, { sortKey: 'name', ...body })).body.data.map((card) => card.firstName);
