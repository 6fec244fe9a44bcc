// Route guards (accounts §2 Access guard, §6; marketplace §2 Redirects). Nothing renders
// while the session is loading, so a guarded screen never flashes for a visitor.
import { ONBOARDING_COMPLETE } from '@bidboard/shared';
import { Navigate, Outlet } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Screen } from '@/components/ui/screen';
import { ScreenPlaceholder } from '@/components/ui/screen-placeholder';
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
        <ScreenPlaceholder
          title="Admins only"
          description="This page is for Bidboard's admins. Your account cannot open it."
        >
          <ButtonLink to="/">Go to homepage</ButtonLink>
        </ScreenPlaceholder>
      </Screen>
    );
  }
  return <Outlet />;
}
