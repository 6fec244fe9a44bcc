// /auth: sign in or join.
import { SignInPage } from '@/features/auth';

export function AuthRoute() {
  return <SignInPage />;
}
