// Owns the session: a stored token is checked with GET /auth/me at start; a failing check
// removes the token. The member is cached in React Query so other features can update it.
// The screens speak the member's stored language.
import type { User } from '@bidboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { authStorage } from '@/lib/auth-storage';
import { setLanguage } from '@/lib/i18n';
import { closeRealtime } from '@/lib/socket';
import { meQueryKey, useMeQuery } from '../api/get-me';
import { logoutRequest } from '../api/logout';
import { AuthContext, type AuthContextValue, type AuthState } from '../hooks/auth-context';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => authStorage.getToken());
  const me = useMeQuery(token);
  const meFailed = me.isError && me.data === undefined;

  useEffect(() => {
    if (token !== null && meFailed) {
      authStorage.clearToken();
      setToken(null);
    }
  }, [token, meFailed]);

  const user = me.data;
  const memberLanguage = user?.language;
  // The member's stored language wins over the device's once they are known (product
  // rules, Languages): set in Settings, on the sign-in page, or by a Quebec postal code.
  useEffect(() => {
    if (memberLanguage) void setLanguage(memberLanguage);
  }, [memberLanguage]);
  const state = useMemo<AuthState>(() => {
    if (token === null || meFailed) return { status: 'anonymous' };
    if (user) return { status: 'authenticated', token, user };
    return { status: 'loading' };
  }, [token, meFailed, user]);

  const revalidate = useCallback(() => {
    void queryClient.resetQueries({ queryKey: meQueryKey(token) });
  }, [queryClient, token]);

  const signOut = useCallback(async () => {
    await logoutRequest();
    authStorage.clearAll();
    closeRealtime();
    setToken(null);
    queryClient.clear();
  }, [queryClient]);

  const updateUser = useCallback(
    (update: (user: User) => User) => {
      queryClient.setQueryData<User>(meQueryKey(token), (user) => (user ? update(user) : user));
    },
    [queryClient, token],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ state, revalidate, signOut, updateUser }),
    [state, revalidate, signOut, updateUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
