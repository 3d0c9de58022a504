import type { ApiDependencies } from '../dependencies';
import type { DirectorySearch } from '../directory/search/directory-search';
import type { RouteRegistrar } from '../http/routes';
import { activityRoutes } from './activity.routes';
import { listRoutes } from './lists.routes';
import { savedSearchRoutes } from './saved-searches.routes';

/** The workspace context: lists, saved searches (with their alerts) and the user's activity history. */
export function workspaceRoutes(
  routes: RouteRegistrar,
  deps: Pick<ApiDependencies, 'pool' | 'store'>,
  search: DirectorySearch,
) {
  listRoutes(routes, deps);
  savedSearchRoutes(routes, deps, search);
  activityRoutes(routes, deps);
}
