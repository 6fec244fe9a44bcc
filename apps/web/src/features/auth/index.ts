// Public API of the auth feature: session state, guards and the sign-in / logout screens.
export { RequireAdmin, RequireAuth, RequireOnboarded } from './components/access-guards';
export { AuthProvider } from './components/auth-provider';
export { LogoutScreen } from './components/logout-screen';
export { SignInPage } from './components/sign-in-page';
export { UsernameGate } from './components/username-gate';
export { useAuth, useCurrentUser } from './hooks/auth-context';
