import { hasRole } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useShellUser } from '../../../shell/shell-context';
import { DecisionsSection } from './decisions-section';
import { LoansOverview } from './loans-overview';
import { RepaymentsSection } from './repayments-section';

export type LoansView = 'all' | 'pending' | 'repayments';

const tabs: { view: LoansView; label: string; path: string }[] = [
  { view: 'all', label: 'All loans', path: '/admin/loans' },
  { view: 'pending', label: 'To decide', path: '/admin/loans/pending' },
  { view: 'repayments', label: 'Repayments to check', path: '/admin/loans/repayments' },
];

/**
 * The loan admins' screen: the book (figures, the ageing of arrears, the filtered list), the
 * decisions waiting (approvals, payouts, penalty waivers) and, for the payments desk, the
 * repayments to check against the bank.
 */
export function AdminLoansPage({ view }: { view: LoansView }) {
  const user = useShellUser();
  const mayManageLoans = hasRole(user, 'loan_management');
  const mayCheckPayments = hasRole(user, 'payment_management');
  const shown = tabs.filter((tab) => (tab.view === 'repayments' ? mayCheckPayments : mayManageLoans));
  const current = shown.some((tab) => tab.view === view) ? view : (shown[0]?.view ?? null);

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <PageHeader
        title="Loans"
        subtitle="Loans to members: approvals and payouts under maker-checker, arrears, penalty waivers and repayments."
      />
      {current === null ? (
        <Alert severity="info">
          The loans are for admins with the Loan Management role, and loan repayments for Payment Management.
        </Alert>
      ) : (
        <>
          {shown.length > 1 && (
            <Tabs
              value={current}
              aria-label="Loan work"
              variant="scrollable"
              allowScrollButtonsMobile
              sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
            >
              {shown.map((tab) => (
                <Tab key={tab.view} value={tab.view} label={tab.label} component={RouterLink} to={tab.path} />
              ))}
            </Tabs>
          )}
          {current === 'all' && <LoansOverview />}
          {current === 'pending' && <DecisionsSection />}
          {current === 'repayments' && <RepaymentsSection />}
        </>
      )}
    </Box>
  );
}
