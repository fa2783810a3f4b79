import { PlaceholderPage } from '../../../components/placeholder-page';

export function PoolRequestsPage() {
  return <PlaceholderPage title="Pool Membership Requests" />;
}
