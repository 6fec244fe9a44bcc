// Session state (accounts §4 Auth state): loading, then authenticated or anonymous.
import type { User } from '@bidboard/shared';
import { createContext, useContext } from 'react';

export type AuthState =
  | { status: 'loading' }
  | { status: 'authenticated'; token: string; user: User }
  | { status: 'anonymous' };

export interface AuthContextValue {
  state: AuthState;
  /** Checks the stored token again (e.g. after the realtime server refused it). */
  revalidate: () => void;
  /** Server logout (non-blocking), local auth items cleared, realtime closed. */
  signOut: () => Promise<void>;
  /** Replaces the cached member, e.g. after a balance change. */
  updateUser: (update: (user: User) => User) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The signed-in member, or null for visitors and while loading. */
export function useCurrentUser(): User | null {
  const { state } = useAuth();
  return state.status === 'authenticated' ? state.user : null;
}
