import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

/**
 * The console routes in the URL's hash (react-admin's default router). A path under /admin, such
 * as /admin/users from a bookmark or the server's redirect of /users, becomes that route.
 */
function routeFromPath() {
  const { pathname, search, hash } = window.location;
  const page = pathname.replace(/^\/admin\/?/, '');
  if (page === '' || hash.startsWith('#/')) return;
  window.history.replaceState(null, '', `/admin/#/${page}${search}`);
}

routeFromPath();
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
