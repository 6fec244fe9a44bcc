// Every route of the marketplace route table (marketplace §2 Routes) with its guards:
// connections needs a session; referral sends visitors to /; home, connections, referral
// and /{username} send members who are still onboarding to /onboarding; /admin is for
// admins only.
// /auth and the Bid Board (/ and /{username}) are the first screens people open: each is a
// chunk of its own that main.tsx starts downloading at once for the page being opened
// (preloadFirstScreen), beside the language catalogues, so neither page downloads the
// other's code (the Bid Board's carousel on /auth). Every other screen loads on demand.
import { RESULTS_PATH } from '@bidboard/shared';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAdmin, RequireAuth, RequireOnboarded, UsernameGate } from '@/features/auth';
import { MenuLayout } from '@/features/menu';
import { lazyComponent, preloadable } from '@/lib/lazy';
import { RootLayout } from './root-layout';
import { ScreenError } from './screen-error';

const AuthScreen = preloadable(() => import('./routes/auth').then((m) => m.AuthRoute));
const HomeScreen = preloadable(() => import('./routes/home').then((m) => m.HomeRoute));
const UserBoardScreen = preloadable(() =>
  import('./routes/user-board').then((m) => m.UserBoardRoute),
);
const AuthRoute = AuthScreen.Component;
const HomeRoute = HomeScreen.Component;
const UserBoardRoute = UserBoardScreen.Component;

/** Starts the opened page's screen downloading before the first render needs it. */
export function preloadFirstScreen(pathname: string): void {
  if (pathname === '/auth') void AuthScreen.preload();
  else if (pathname === '/') void HomeScreen.preload();
  else if (/^\/[^/]+\/?$/.test(pathname)) void UserBoardScreen.preload();
}

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
const PrivacyCenterRoute = lazyComponent(() =>
  import('./routes/privacy-center').then((m) => m.PrivacyCenterRoute),
);
const ReferralRoute = lazyComponent(() => import('./routes/referral').then((m) => m.ReferralRoute));
const ResultsRoute = lazyComponent(() => import('./routes/results').then((m) => m.ResultsRoute));
const SharedDateRoute = lazyComponent(() =>
  import('./routes/shared-date').then((m) => m.SharedDateRoute),
);
const TermsRoute = lazyComponent(() => import('./routes/terms').then((m) => m.TermsRoute));

const screens: RouteObject[] = [
  { path: 'auth', element: <AuthRoute /> },
  { path: 'logout', element: <LogoutRoute /> },
  { path: 'terms', element: <TermsRoute /> },
  // Share My Date's page for a trusted contact: no sign-in, the link's token is the key.
  { path: 'shared-date/:token', element: <SharedDateRoute /> },
  // /policy/biometric too: the route's own chunk, nothing added to the first page.
  { path: 'policy/*', element: <PolicyRoute /> },
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
              { path: 'privacy-center', element: <PrivacyCenterRoute /> },
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
