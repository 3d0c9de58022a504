import { Navigate, type RouteObject } from 'react-router-dom';

/** The directory context's screens (see App.tsx for how the contexts' routes are composed). */
export const directoryRoutes: RouteObject[] = [
  { path: '/directory', element: <Navigate to="/search" replace /> },
];
