import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import { ComingSoonPage } from '../shared/coming-soon-page';

export function AdminLoansPage() {
  return (
    <ComingSoonPage
      title="Loans"
      description="Loans to members from the pool, from application to the last repayment."
      icon={<AccountBalanceOutlined />}
      stats={['Active Loans', 'Pending Applications', 'Total Disbursed', 'Outstanding Balance']}
      sections={[
        { title: 'Loan types', items: ['Emergency', 'Personal', 'Business', 'Education'], look: 'chips' },
        {
          title: 'Planned features',
          items: [
            'Loan applications and approvals',
            'Repayment schedules and tracking',
            'Interest calculations',
            'Arrears reminders',
          ],
        },
      ]}
    />
  );
}
