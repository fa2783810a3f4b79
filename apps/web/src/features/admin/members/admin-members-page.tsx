import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutline';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { ComingSoonPage } from '../shared/coming-soon-page';

export function AdminMembersPage() {
  return (
    <ComingSoonPage
      title="Members"
      description="The directory of every member of the cooperative."
      icon={<PeopleOutline />}
      actions={
        <Button variant="contained" component={RouterLink} to="/admin/members/pending" startIcon={<HowToRegOutlined />}>
          View Pending
        </Button>
      }
      stats={['Total Members', 'Active', 'Pending KYC', 'Exited']}
      sections={[
        {
          title: 'Planned features',
          items: [
            'Search and filter every member',
            'Member profiles with KYC documents and next of kin',
            'Contribution and investment history per member',
            'Account status changes with an audit trail',
          ],
        },
      ]}
    />
  );
}
