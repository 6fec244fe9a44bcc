// Route guards (accounts §2 Access guard, §6; marketplace §2 Redirects). Nothing renders
// while the session is loading, so a guarded screen never flashes for a visitor.
import { ONBOARDING_COMPLETE } from '@bidboard/shared';
import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../hooks/auth-context';

/** Visitors are sent to `redirectTo` (default /auth), replacing the history entry. */
export function RequireAuth({ redirectTo = '/auth' }: { redirectTo?: string }) {
  const { state } = useAuth();
  if (state.status === 'loading') return null;
  if (state.status === 'anonymous') return <Navigate to={redirectTo} replace />;
  return <Outlet />;
}

/** Members who have not finished onboarding are sent to /onboarding; visitors pass. */
export function RequireOnboarded() {
  const { state } = useAuth();
  if (state.status === 'loading') return null;
  if (state.status === 'authenticated' && state.user.onboarded !== ONBOARDING_COMPLETE) {
    return <Navigate to="/onboarding" replace />;
  }
  return <Outlet />;
}
