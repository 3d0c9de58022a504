import type { RouteObject } from 'react-router-dom';
import { LoginPage } from './LoginPage';

/** The identity context's screens (see App.tsx for how the contexts' routes are composed). */
export const identityRoutes: RouteObject[] = [{ path: '/login', element: <LoginPage /> }];
