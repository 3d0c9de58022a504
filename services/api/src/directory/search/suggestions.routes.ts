import { SuggestionsQuery } from '@healthtal/contracts';
import type { RouteRegistrar } from '../../http/routes';
import { parseQuery } from '../../http/validate';
import { HttpProblem } from '../../shared/problem';
import type { DirectorySearch } from './directory-search';

/**
 * `GET /api/v1/search/suggestions?field=skills&prefix=ac&limit=8`: the values of a typed filter
 * (city, title, organization, skills, education) starting with the prefix, each with the number of
 * searchable candidates holding it, largest first. Aggregates only, like the count a free user's
 * search answers, so it needs a sign-in and no subscription (policy.ts).
 */
export function suggestionRoutes(routes: RouteRegistrar, deps: { search: DirectorySearch }) {
  routes.route('GET /api/v1/search/suggestions', async (req, res) => {
    const { field, prefix, limit } = parseQuery(SuggestionsQuery, req);
    if (!deps.search.ready) {
      res.set('Retry-After', '5');
      throw new HttpProblem(
        503,
        'Search is starting',
        'The directory is loading; try again in a few seconds.',
      );
    }
    res.set('Cache-Control', 'private, max-age=60').json(await deps.search.suggest(field, prefix, limit));
  });
}
