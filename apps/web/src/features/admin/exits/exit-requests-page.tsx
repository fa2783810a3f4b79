import ExitToAppOutlined from '@mui/icons-material/ExitToAppOutlined';
import { ComingSoonPage } from '../shared/coming-soon-page';

export function ExitRequestsPage() {
  return (
    <ComingSoonPage
      title="Exit Requests"
      description="Members leaving the cooperative and the payout of their investment."
      icon={<ExitToAppOutlined />}
      stats={['Pending Review', 'In Notice Period', 'Ready for Payout', 'Completed']}
      sections={[
        {
          title: 'Request statuses',
          items: ['Pending Review', 'Approved - In Notice Period', 'Ready for Payout', 'Completed'],
          look: 'steps',
          note: 'Members must give at least 90 days’ notice before payout.',
        },
        {
          title: 'Planned features',
          items: [
            'Exit requests from members',
            'Notice period tracking (90 days)',
            'Payout calculation from contributions and profits',
            'Payout confirmation with proof of payment',
          ],
        },
      ]}
    />
  );
}
