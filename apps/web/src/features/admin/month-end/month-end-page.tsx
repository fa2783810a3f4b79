import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import { ComingSoonPage } from '../shared/coming-soon-page';

export function MonthEndPage() {
  return (
    <ComingSoonPage
      title="Month End"
      description="Closing each month: books balanced, profits shared, reports sent."
      icon={<EventAvailableOutlined />}
      stats={['Current Period', 'Last Closed', 'Profit to Allocate', 'Members Allocated']}
      sections={[
        {
          title: 'Month-end steps',
          items: [
            'Lock transactions',
            'Reconcile accounts',
            'Calculate profits',
            'Allocate to members',
            'Generate reports',
            'Close period',
          ],
          look: 'steps',
        },
        {
          title: 'Planned features',
          items: [
            'A guided checklist for each period',
            'Profit allocation in proportion to shares',
            'Statements for every member',
            'A record of who closed each period and when',
          ],
        },
      ]}
    />
  );
}
