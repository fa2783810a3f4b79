import { Route, Routes } from 'react-router';
import { MuiTheme } from '../components/mui-theme';
import { NotFound } from '../components/not-found';
import { AuditPage } from '../features/admin/audit/audit-page';
import { AdminDashboardPage } from '../features/admin/dashboard/admin-dashboard-page';
import { ExpensesPage, IncomePage } from '../features/admin/books/pages';
import { MonthEndPage } from '../features/admin/books/month-end-page';
import { ExitRequestsPage } from '../features/admin/payouts/exits-page';
import { AdminInvestmentPage } from '../features/admin/investment/admin-investment-page';
import { CreateInvestmentPoolPage } from '../features/admin/investment/create-investment-pool-page';
import { EditPoolPage } from '../features/admin/investment/edit-pool-page';
import { AdminLoansPage } from '../features/admin/loans/admin-loans-page';
import { LoanDetailPage } from '../features/admin/loans/loan-detail-page';
import { AdminMembersPage } from '../features/admin/members/admin-members-page';
import { MemberPage } from '../features/admin/members/member-page';
import { PendingRegistrationsPage } from '../features/admin/members/pending-registrations-page';
import { RegistrationReviewPage } from '../features/admin/members/registration-review-page';
import { AdminPaymentsPage } from '../features/admin/payments/admin-payments-page';
import { PendingPaymentsPage } from '../features/admin/payments/pending-payments-page';
import { PoolRequestsPage } from '../features/admin/pool-requests/pool-requests-page';
import { AdminSettingsPage } from '../features/admin/settings/admin-settings-page';
import { NotificationCenter } from '../features/notifications/notification-center';
import { SettingsPage } from '../features/settings/settings-page';
import { AdminStaffPage } from '../features/admin/staff/admin-staff-page';
import { AdminTasksPage } from '../features/admin/tasks/admin-tasks-page';
import { WithdrawalsPage } from '../features/admin/payouts/withdrawals-page';
import type { CurrentUser } from '../lib/current-user';
import { lazy, Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

// The payments desk's register and arrears list load when first opened, apart from the admin area's chunk.
const ContributionsPage = lazy(() =>
  import('../features/admin/contributions/contributions-page').then((m) => ({ default: m.ContributionsPage })),
);
const ArrearsPage = lazy(() =>
  import('../features/admin/contributions/arrears-page').then((m) => ({ default: m.ArrearsPage })),
);
const later = (page: ReactNode) => (
  <Suspense
    fallback={
      <Box role="status" aria-label="Loading" sx={{ py: 6, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress />
      </Box>
    }
  >
    {page}
  </Suspense>
);
import { AdminShell } from '../shell/admin-shell';

/**
 * The admin area's routes, below /admin, under the theme of MUI's components. This module and
 * everything only it imports form a separate chunk, downloaded once the admin guard has let an admin in.
 */
export function AdminRoutes({ user }: { user: CurrentUser }) {
  return (
    <MuiTheme>
      <Routes>
        <Route element={<AdminShell user={user} />}>
          <Route index element={<AdminDashboardPage />} />
          <Route path="tasks" element={<AdminTasksPage />} />
          <Route path="members" element={<AdminMembersPage />} />
          <Route path="members/pending" element={<PendingRegistrationsPage />} />
          <Route path="members/pending/:userId" element={<RegistrationReviewPage />} />
          <Route path="members/:userId" element={<MemberPage />} />
          <Route path="staff" element={<AdminStaffPage />} />
          <Route path="payments" element={<AdminPaymentsPage />} />
          <Route path="payments/pending" element={<PendingPaymentsPage />} />
          <Route path="contributions" element={later(<ContributionsPage />)} />
          <Route path="contributions/arrears" element={later(<ArrearsPage />)} />
          <Route path="pool-requests" element={<PoolRequestsPage />} />
          <Route path="loans" element={<AdminLoansPage view="all" />} />
          <Route path="loans/pending" element={<AdminLoansPage view="pending" />} />
          <Route path="loans/repayments" element={<AdminLoansPage view="repayments" />} />
          <Route path="loans/:id" element={<LoanDetailPage />} />
          <Route path="withdrawals" element={<WithdrawalsPage />} />
          <Route path="withdrawals/pending" element={<WithdrawalsPage />} />
          <Route path="expenses" element={<ExpensesPage />} />
          <Route path="month-end" element={<MonthEndPage />} />
          <Route path="exits" element={<ExitRequestsPage />} />
          <Route path="exits/pending" element={<ExitRequestsPage />} />
          {/* The member's list of notifications, with the back office's time labels (no 'Yesterday'). */}
          <Route path="notifications" element={<NotificationCenter showsYesterday={false} />} />
          <Route path="settings" element={<AdminSettingsPage accountSettings={<SettingsPage />} />} />
          <Route path="investment" element={<AdminInvestmentPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="investment/create" element={<CreateInvestmentPoolPage />} />
          <Route path="investment/income" element={<IncomePage />} />
          <Route path="pools/:id/edit" element={<EditPoolPage />} />
          <Route path="*" element={<NotFound homePath="/admin" />} />
        </Route>
      </Routes>
    </MuiTheme>
  );
}
