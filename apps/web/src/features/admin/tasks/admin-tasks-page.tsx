import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import { ComingSoonPage } from '../shared/coming-soon-page';

export function AdminTasksPage() {
  return (
    <ComingSoonPage
      title="My Tasks"
      description="Everything waiting on you across the back office, in one list."
      icon={<AssignmentTurnedInOutlined />}
      stats={['Open Tasks', 'Due Today', 'Overdue', 'Completed This Week']}
      sections={[
        {
          title: 'Planned features',
          items: [
            'Tasks assigned to you by other admins',
            'Reminders for items waiting on your review',
            'Due dates and priorities',
            'History of completed tasks',
          ],
        },
      ]}
    />
  );
}
