// /{username} (marketplace §2): a username that names no member goes to / (§8); otherwise
// a visitor's link becomes a referral (saved, then /auth?username={username}) and members
// continue to the Bid Board.
import { useEffect } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import { authStorage } from '@/lib/auth-storage';
import { useUsernameExists } from '../api/username-exists';
import { useAuth } from '../hooks/auth-context';

export function UsernameGate() {
  const { username = '' } = useParams();
  const { state } = useAuth();
  const isVisitor = state.status === 'anonymous';
  const exists = useUsernameExists(username);

  useEffect(() => {
    if (isVisitor && username && exists.data) authStorage.setReferral(username);
  }, [isVisitor, username, exists.data]);

  if (state.status === 'loading' || exists.isPending) return null;
  if (!exists.data) return <Navigate to="/" replace />;
  if (isVisitor) {
    return <Navigate to={`/auth?username=${encodeURIComponent(username)}`} replace />;
  }
  return <Outlet />;
}
