import { useNavigate } from 'react-router-dom';
import { isAdminDemoMode } from '../account/admin-demo-mode';
import { useAuth } from './auth';
import { useToast } from './toast';

export type NavItem = { label: string; to: string; external?: boolean };

/** What the top navigation offers this visitor (the same items feed the desktop bar and the mobile menu). */
export function useNavItems(): { main: NavItem[]; end: NavItem[]; showAdmin: boolean } {
  const auth = useAuth();
  const showAdmin = auth.can('admin') && !isAdminDemoMode();
  if (auth.status !== 'signed-in')
    return {
      main: [
        { label: 'Search', to: '/search' },
        { label: 'Pricing', to: '/pricing' },
        { label: 'About', to: '/about' },
      ],
      end: [
        { label: 'Log in', to: '/login' },
        { label: 'Get Started', to: '/signup' },
      ],
      showAdmin: false,
    };
  return {
    main: [
      { label: 'Search', to: '/search' },
      { label: 'Lists', to: '/lists' },
      { label: 'Email', to: '/email' },
      { label: 'Sequences', to: '/sequences' },
      ...(showAdmin ? [{ label: 'Admin', to: '/admin', external: true }] : []),
    ],
    end: [],
    showAdmin,
  };
}

/** Signs out and goes home, or shows the spec's error toast and stays signed in. */
export function useSignOut() {
  const auth = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  return async () => {
    try {
      await auth.logout();
      navigate('/');
    } catch {
      toast(LOGOUT_FAILED, 'error');
    }
  };
}

/** Spec §8: the 'Error' toast when signing out fails. */
const LOGOUT_FAILED = 'Could not log out. Please try again.';
