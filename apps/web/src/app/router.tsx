// Every route of the marketplace route table (marketplace §2 Routes) with its guards:
// connections needs a session; referral sends visitors to /; home, connections, referral
// and /{username} send members who are still onboarding to /onboarding; /admin is for
// admins only.
// /auth and the Bid Board (/ and /{username}) are the first screens people open; every
// other screen is lazily loaded so the first page does not download it.
import { RESULTS_PATH } from '@bidboard/shared';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAdmin, RequireAuth, RequireOnboarded, UsernameGate } from '@/features/auth';
import { MenuLayout } from '@/features/menu';
import { lazyComponent } from '@/lib/lazy';
import { RootLayout } from './root-layout';
import { AuthRoute } from './routes/auth';
import { HomeRoute } from './routes/home';
import { UserBoardRoute } from './routes/user-board';
import { ScreenError } from './screen-error';

const AdminRoute = lazyComponent(() => import('./routes/admin').then((m) => m.AdminRoute));
const ConnectionsRoute = lazyComponent(() =>
  import('./routes/connections').then((m) => m.ConnectionsRoute),
);
const LogoutRoute = lazyComponent(() => import('./routes/logout').then((m) => m.LogoutRoute));
const NotFoundRoute = lazyComponent(() =>
  import('./routes/not-found').then((m) => m.NotFoundRoute),
);
const OnboardingRoute = lazyComponent(() =>
  import('./routes/onboarding').then((m) => m.OnboardingRoute),
);
const PolicyRoute = lazyComponent(() => import('./routes/policy').then((m) => m.PolicyRoute));
const ReferralRoute = lazyComponent(() => import('./routes/referral').then((m) => m.ReferralRoute));
const ResultsRoute = lazyComponent(() => import('./routes/results').then((m) => m.ResultsRoute));
const TermsRoute = lazyComponent(() => import('./routes/terms').then((m) => m.TermsRoute));

const screens: RouteObject[] = [
  { path: 'auth', element: <AuthRoute /> },
  { path: 'logout', element: <LogoutRoute /> },
  { path: 'terms', element: <TermsRoute /> },
  { path: 'policy', element: <PolicyRoute /> },
  // The console's code loads only after the guard has seen an admin session.
  { element: <RequireAdmin />, children: [{ path: 'admin/*', element: <AdminRoute /> }] },
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
              { path: RESULTS_PATH.slice(1), element: <ResultsRoute /> },
            ],
          },
        ],
      },
    ],
  },
  {
    element: <RequireOnboarded />,
    children: [{ element: <MenuLayout />, children: [{ index: true, element: <HomeRoute /> }] }],
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
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // The root catches what the frame itself fails to render; the pathless route below
    // keeps the frame (realtime dialogs, account-deleted notice) around a failed screen.
    errorElement: <ScreenError />,
    children: [{ errorElement: <ScreenError />, children: screens }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
