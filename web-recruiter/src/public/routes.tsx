import type { RouteObject } from 'react-router-dom';

/** The public context's screens (see App.tsx for how the contexts' routes are composed). */
export const publicRoutes: RouteObject[] = [];
