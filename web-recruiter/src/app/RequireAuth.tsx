import type { Capability } from '@healthtal/contracts';
import { Box, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from './auth';

/**
 * The route guard: a spinner while the session loads, /login (keeping where the visitor was going)
 * when signed out, and /account for a signed-in user who lacks the capability (admin-only pages).
 */
export function RequireAuth({ children, capability }: { children: ReactNode; capability?: Capability }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status === 'signed-out')
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (capability && !auth.can(capability)) return <Navigate to="/account" replace />;
  return children;
}

export function PageSpinner() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
