// Every route of the marketplace route table (marketplace §2 Routes) with its guards:
// connections needs a session; referral sends visitors to /; home, connections, referral
// and /{username} send members who are still onboarding to /onboarding.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth, RequireOnboarded, UsernameGate } from '@/features/auth';
import { MenuLayout } from '@/features/menu';
import { RootLayout } from './root-layout';
import { AuthRoute } from './routes/auth';
import { ConnectionsRoute } from './routes/connections';
import { HomeRoute } from './routes/home';
import { LogoutRoute } from './routes/logout';
import { NotFoundRoute } from './routes/not-found';
import { OnboardingRoute } from './routes/onboarding';
import { PolicyRoute } from './routes/policy';
import { ReferralRoute } from './routes/referral';
import { TermsRoute } from './routes/terms';
import { UserBoardRoute } from './routes/user-board';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: 'auth', element: <AuthRoute /> },
      { path: 'logout', element: <LogoutRoute /> },
      { path: 'terms', element: <TermsRoute /> },
      { path: 'policy', element: <PolicyRoute /> },
      {
        element: <RequireAuth />,
        children: [{ path: 'onboarding', element: <OnboardingRoute /> }],
      },
      {
        element: <RequireAuth redirectTo="/" />,
        children: [
          {
            element: <RequireOnboarded />,
            children: [
              {
                element: <MenuLayout />,
                children: [{ path: 'referral', element: <ReferralRoute /> }],
              },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <RequireOnboarded />,
            children: [
              {
                element: <MenuLayout />,
                children: [
                  { path: 'connections', element: <ConnectionsRoute /> },
                  { path: 'connections/:userId', element: <ConnectionsRoute /> },
                ],
              },
            ],
          },
        ],
      },
      {
        element: <RequireOnboarded />,
        children: [
          { element: <MenuLayout />, children: [{ index: true, element: <HomeRoute /> }] },
        ],
      },
      {
        path: ':username',
        element: <UsernameGate />,
        children: [
          {
            element: <RequireOnboarded />,
            children: [
              { element: <MenuLayout />, children: [{ index: true, element: <UserBoardRoute /> }] },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
