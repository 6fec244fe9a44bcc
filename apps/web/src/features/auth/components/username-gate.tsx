// /{username} (marketplace §2): a visitor's link becomes a referral; the username is saved
// and the visitor is sent to /auth?username={username}. Members continue to the Bid Board.
import { useEffect } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import { authStorage } from '@/lib/auth-storage';
import { useAuth } from '../hooks/auth-context';

export function UsernameGate() {
  const { username = '' } = useParams();
  const { state } = useAuth();
  const isVisitor = state.status === 'anonymous';

  useEffect(() => {
    if (isVisitor && username) authStorage.setReferral(username);
  }, [isVisitor, username]);

  if (state.status === 'loading') return null;
  if (isVisitor) {
    return <Navigate to={`/auth?username=${encodeURIComponent(username)}`} replace />;
  }
  return <Outlet />;
}
