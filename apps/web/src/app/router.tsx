import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { NotFound } from '../components/not-found';
import { GoogleCallbackPage } from '../features/auth/google-callback-page';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { InvestmentsPage } from '../features/investments/investments-page';
import { NotificationsPage } from '../features/notifications/notifications-page';
import { PaymentsPage } from '../features/payments/payments-page';
import { CreatePoolPage } from '../features/pools/create-pool-page';
import { PoolDetailsPage } from '../features/pools/pool-details-page';
import { PoolsPage } from '../features/pools/pools-page';
import { ProfilePage } from '../features/profile/profile-page';
import { CompleteRegistrationPage } from '../features/registration/complete-registration-page';
import { SettingsPage } from '../features/settings/settings-page';
import { TransactionsPage } from '../features/transactions/transactions-page';
import { RequireActiveMember, RequireAdmin, RequireRegistrant } from '../shell/guards';
import { MemberShell } from '../shell/member-shell';
import { RegistrationLayout } from '../shell/registration-layout';
import { RouteErrorPage } from './route-error-page';

// Members never download the back office: it is fetched only after the admin guard passes.
const AdminRoutes = lazy(() => import('./admin-routes').then((module) => ({ default: module.AdminRoutes })));

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/auth/google/callback', element: <GoogleCallbackPage /> },
      {
        element: <RequireRegistrant />,
        children: [
          {
            element: <RegistrationLayout />,
            children: [{ path: '/complete-registration', element: <CompleteRegistrationPage /> }],
          },
        ],
      },
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      {
        element: <RequireActiveMember />,
        children: [
          {
            element: <MemberShell />,
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              { path: '/pools', element: <PoolsPage /> },
              { path: '/pools/create', element: <CreatePoolPage /> },
              { path: '/pools/:id', element: <PoolDetailsPage /> },
              { path: '/investments', element: <InvestmentsPage /> },
              { path: '/payments', element: <PaymentsPage /> },
              { path: '/transactions', element: <TransactionsPage /> },
              { path: '/notifications', element: <NotificationsPage /> },
              { path: '/profile', element: <ProfilePage /> },
              { path: '/settings', element: <SettingsPage /> },
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
