import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { NotFound } from '../components/not-found';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { RequireAccountStep, RequireActiveMember, RequireAdmin, RequireRegistrant } from '../shell/guards';
import { RouteErrorPage } from './route-error-page';

// Only the sign-in and registration pages are in the first download, so they show quickly on a phone.
// Every other page, and the member shell and the wizard's layout around them, is its own chunk,
// fetched when first opened (a layout and its page are fetched together). Members never download the
// back office: it is fetched only after the admin guard passes.
const AdminRoutes = lazy(() => import('./admin-routes').then((module) => ({ default: module.AdminRoutes })));

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorPage />,
    // While the first page's chunk arrives, the loader is drawn at once rather than a blank screen.
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      {
        path: '/auth/google/callback',
        lazy: () => import('../features/auth/google-callback-page').then((m) => ({ Component: m.GoogleCallbackPage })),
      },
      {
        path: '/verify-email',
        lazy: () => import('../features/auth/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })),
      },
      {
        element: <RequireAccountStep path="/setup-two-factor" />,
        children: [
          {
            path: '/setup-two-factor',
            lazy: () =>
              import('../features/settings/setup-two-factor-page').then((m) => ({ Component: m.SetupTwoFactorPage })),
          },
        ],
      },
      {
        element: <RequireAccountStep path="/change-password" />,
        children: [
          {
            path: '/change-password',
            lazy: () =>
              import('../features/settings/choose-password-page').then((m) => ({ Component: m.ChoosePasswordPage })),
          },
        ],
      },
      {
        element: <RequireRegistrant />,
        children: [
          {
            lazy: () => import('../shell/registration-layout').then((m) => ({ Component: m.RegistrationLayout })),
            children: [
              {
                path: '/complete-registration',
                lazy: () =>
                  import('../features/registration/complete-registration-page').then((m) => ({
                    Component: m.CompleteRegistrationPage,
                  })),
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
                path: '/dashboard',
                lazy: () =>
                  import('../features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
              },
              {
                path: '/pools',
                lazy: () => import('../features/pools/pools-page').then((m) => ({ Component: m.PoolsPage })),
              },
              {
                path: '/pools/create',
                lazy: () => import('../features/pools/create-pool-page').then((m) => ({ Component: m.CreatePoolPage })),
              },
              {
                path: '/pools/:id',
                lazy: () =>
                  import('../features/pools/pool-details-page').then((m) => ({ Component: m.PoolDetailsPage })),
              },
              {
                path: '/investments',
                lazy: () =>
                  import('../features/investments/investments-page').then((m) => ({ Component: m.InvestmentsPage })),
              },
              {
                path: '/payments',
                lazy: () => import('../features/payments/payments-page').then((m) => ({ Component: m.PaymentsPage })),
              },
              {
                path: '/loans',
                children: [
                  {
                    index: true,
                    lazy: () => import('../features/loans/loans-page').then((m) => ({ Component: m.LoansPage })),
                  },
                  {
                    // Where a guarantee request's notification leads: the same page, at the requests.
                    path: 'guarantees',
                    lazy: () => import('../features/loans/loans-page').then((m) => ({ Component: m.LoansPage })),
                  },
                  {
                    path: ':id',
                    lazy: () =>
                      import('../features/loans/loan-detail-page').then((m) => ({ Component: m.LoanDetailPage })),
                  },
                ],
              },
              {
                path: '/statements',
                lazy: () =>
                  import('../features/statements/statements-page').then((m) => ({ Component: m.StatementsPage })),
              },
              {
                path: '/transactions',
                lazy: () =>
                  import('../features/transactions/transactions-page').then((m) => ({ Component: m.TransactionsPage })),
              },
              {
                path: '/notifications',
                lazy: () =>
                  import('../features/notifications/notifications-page').then((m) => ({
                    Component: m.NotificationsPage,
                  })),
              },
              {
                path: '/profile',
                lazy: () => import('../features/profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
              },
              {
                path: '/settings',
                lazy: () => import('../features/settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
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
