import type { RouteObject } from 'react-router-dom';

/** The workspace context's screens (see App.tsx for how the contexts' routes are composed). */
export const workspaceRoutes: RouteObject[] = [];
