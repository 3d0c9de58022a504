import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, type RouteObject, useRoutes } from 'react-router-dom';
import { accountRoutes } from '../account/routes';
import { billingRoutes } from '../billing/routes';
import { directoryRoutes } from '../directory/routes';
import { identityRoutes } from '../identity/routes';
import { intakeRoutes } from '../intake/routes';
import { outreachRoutes } from '../outreach/routes';
import { publicRoutes } from '../public/routes';
import { workspaceRoutes } from '../workspace/routes';
import { AuthProvider } from './auth';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { theme } from './theme';
import { ToastProvider } from './toast';

/**
 * Each bounded context owns its screens and exports them as routes; the app only composes them
 * inside the shared layout. Any other path is the Not Found page.
 */
const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...publicRoutes,
      ...identityRoutes,
      ...billingRoutes,
      ...accountRoutes,
      ...intakeRoutes,
      ...directoryRoutes,
      ...workspaceRoutes,
      ...outreachRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Declarative routing (no loaders or actions here): the smaller router keeps the first download small. */
function AppRoutes() {
  return useRoutes(routes);
}

/** Search results stay fresh for 5 minutes and retry once after 1 s (spec). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5 * 60_000, retry: 1, retryDelay: 1000, refetchOnWindowFocus: false },
  },
});

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          {/* The router outside the toasts: a toast's action is a link within the app. */}
          <BrowserRouter>
            <ToastProvider>
              <AppRoutes />
            </ToastProvider>
          </BrowserRouter>
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
