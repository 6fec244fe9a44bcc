// Route guards (accounts §2 Access guard, §6; marketplace §2 Redirects). Nothing renders
// while the session is loading, so a guarded screen never flashes for a visitor.
import { ONBOARDING_COMPLETE } from '@bidboard/shared';
import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Screen } from '@/components/ui/screen';
import { lazyComponent } from '@/lib/lazy';
import { useAuth } from '../hooks/auth-context';

// Rarely seen, so its words (the sign-in catalogue) are not on the first page of /.
const AdminsOnly = lazyComponent(() => import('./admins-only').then((m) => m.AdminsOnly));

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

/**
 * The admin console's gate: visitors sign in first; a member is told the page is for
 * admins, and the console's code is never loaded for them.
 */
export function RequireAdmin() {
  const { state } = useAuth();
  if (state.status === 'loading') return null;
  if (state.status === 'anonymous') return <Navigate to="/auth" replace />;
  if (state.user.role !== 'admin') {
    return (
      <Screen>
        <Suspense fallback={null}>
          <AdminsOnly />
        </Suspense>
      </Screen>
    );
  }
  return <Outlet />;
}
