import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import { ComingSoonPage } from '../shared/coming-soon-page';

export function WithdrawalsPage() {
  return (
    <ComingSoonPage
      title="Withdrawals"
      description="Members taking money out of their investment."
      icon={<SavingsOutlined />}
      stats={['Pending Requests', 'Approved', 'Paid Out', 'Total This Month']}
      sections={[
        {
          title: 'Planned features',
          items: [
            'Withdrawal requests from members',
            'Checks against the member’s available balance',
            'Approval and payout confirmation',
            'Withdrawal history per member',
          ],
        },
      ]}
    />
  );
}
