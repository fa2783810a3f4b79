import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { NotFound } from '../components/not-found';
import { RequireAccountStep, RequireActiveMember, RequireAdmin, RequireRegistrant } from '../shell/guards';
import { PageErrorPage, RouteErrorPage } from './route-error-page';

// The first download holds the router, the guards and the API client, and no page: every page, and the
// member shell and the wizard's layout around them, is its own chunk, fetched when first opened (a
// layout and its page are fetched together; the first screens' pages name them for the browser to
// fetch with the first download, build/first-screens.ts). Nor does it hold MUI: the dashboard and the
// sign-in, sign-up and password recovery pages are drawn with plain parts, and a page that draws MUI's
// components comes with MUI and the theme (`themed`).
// Members never download the back office: it is fetched only after the admin guard passes.
const AdminRoutes = lazy(() => import('./admin-routes').then((module) => ({ default: module.AdminRoutes })));

/** A route's lazy page that draws MUI's components: the page comes under the theme (`withMuiTheme`). */
function themed<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async (): Promise<{ Component: ComponentType }> => {
    const [module, { withMuiTheme }] = await Promise.all([load(), import('../components/mui-theme')]);
    return { Component: withMuiTheme(pick(module)) };
  };
}

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorPage />,
    // While the first page's chunk arrives, the loader is drawn at once rather than a blank screen.
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        path: '/login',
        lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: '/register',
        lazy: () => import('../features/auth/register-page').then((m) => ({ Component: m.RegisterPage })),
      },
      {
        path: '/join/:slug',
        lazy: () => import('../features/auth/join-page').then((m) => ({ Component: m.JoinPage })),
      },
      {
        path: '/start',
        lazy: themed(
          () => import('../features/auth/start-page'),
          (m) => m.StartPage,
        ),
      },
      {
        path: '/auth/google/callback',
        lazy: themed(
          () => import('../features/auth/google-callback-page'),
          (m) => m.GoogleCallbackPage,
        ),
      },
      {
        path: '/staff-invitation',
        lazy: themed(
          () => import('../features/settings/staff-invitation-page'),
          (m) => m.StaffInvitationPage,
        ),
      },
      {
        path: '/forgot-password',
        lazy: () => import('../features/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: '/reset-password',
        lazy: themed(
          () => import('../features/auth/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: '/assisted-reset',
        lazy: themed(
          () => import('../features/auth/assisted-reset-page'),
          (m) => m.AssistedResetPage,
        ),
      },
      {
        path: '/sign-in-link',
        lazy: themed(
          () => import('../features/auth/sign-in-link-page'),
          (m) => m.SignInLinkPage,
        ),
      },
      {
        path: '/verify-email',
        lazy: themed(
          () => import('../features/auth/verify-email-page'),
          (m) => m.VerifyEmailPage,
        ),
      },
      {
        element: <RequireAccountStep path="/setup-two-factor" />,
        children: [
          {
            path: '/setup-two-factor',
            lazy: themed(
              () => import('../features/settings/setup-two-factor-page'),
              (m) => m.SetupTwoFactorPage,
            ),
          },
        ],
      },
      {
        element: <RequireAccountStep path="/change-password" />,
        children: [
          {
            path: '/change-password',
            lazy: themed(
              () => import('../features/settings/choose-password-page'),
              (m) => m.ChoosePasswordPage,
            ),
          },
        ],
      },
      {
        element: <RequireRegistrant />,
        children: [
          {
            lazy: themed(
              () => import('../shell/registration-layout'),
              (m) => m.RegistrationLayout,
            ),
            children: [
              {
                path: '/complete-registration',
                lazy: themed(
                  () => import('../features/registration/complete-registration-page'),
                  (m) => m.CompleteRegistrationPage,
                ),
              },
            ],
          },
        ],
      },
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      {
        element: <RequireActiveMember />,
        children: [
          {
            lazy: () => import('../shell/member-shell').then((m) => ({ Component: m.MemberShell })),
            children: [
              {
                // A page that cannot be drawn (its code not downloaded while offline, or a fault) is told
                // inside the shell, so the navigation stays.
                errorElement: <PageErrorPage />,
                children: [
                  {
                    path: '/dashboard',
                    lazy: () =>
                      import('../features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
                  },
                  {
                    path: '/pools',
                    lazy: themed(
                      () => import('../features/pools/pools-page'),
                      (m) => m.PoolsPage,
                    ),
                  },
                  {
                    path: '/pools/create',
                    lazy: themed(
                      () => import('../features/pools/create-pool-page'),
                      (m) => m.CreatePoolPage,
                    ),
                  },
                  {
                    path: '/pools/:id',
                    lazy: themed(
                      () => import('../features/pools/pool-details-page'),
                      (m) => m.PoolDetailsPage,
                    ),
                  },
                  {
                    path: '/investments',
                    lazy: themed(
                      () => import('../features/investments/investments-page'),
                      (m) => m.InvestmentsPage,
                    ),
                  },
                  {
                    path: '/payments',
                    lazy: themed(
                      () => import('../features/payments/payments-page'),
                      (m) => m.PaymentsPage,
                    ),
                  },
                  {
                    path: '/loans',
                    children: [
                      {
                        index: true,
                        lazy: themed(
                          () => import('../features/loans/loans-page'),
                          (m) => m.LoansPage,
                        ),
                      },
                      {
                        // Where a guarantee request's notification leads: the same page, at the requests.
                        path: 'guarantees',
                        lazy: themed(
                          () => import('../features/loans/loans-page'),
                          (m) => m.LoansPage,
                        ),
                      },
                      {
                        path: ':id',
                        lazy: themed(
                          () => import('../features/loans/loan-detail-page'),
                          (m) => m.LoanDetailPage,
                        ),
                      },
                    ],
                  },
                  {
                    path: '/statements',
                    lazy: themed(
                      () => import('../features/statements/statements-page'),
                      (m) => m.StatementsPage,
                    ),
                  },
                  {
                    path: '/transactions',
                    lazy: themed(
                      () => import('../features/transactions/transactions-page'),
                      (m) => m.TransactionsPage,
                    ),
                  },
                  {
                    path: '/notifications',
                    lazy: themed(
                      () => import('../features/notifications/notifications-page'),
                      (m) => m.NotificationsPage,
                    ),
                  },
                  {
                    path: '/profile',
                    lazy: themed(
                      () => import('../features/profile/profile-page'),
                      (m) => m.ProfilePage,
                    ),
                  },
                  {
                    path: '/settings',
                    lazy: themed(
                      () => import('../features/settings/settings-page'),
                      (m) => m.SettingsPage,
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: '/admin/*',
        element: <RequireAdmin>{(user) => <AdminRoutes user={user} />}</RequireAdmin>,
      },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
