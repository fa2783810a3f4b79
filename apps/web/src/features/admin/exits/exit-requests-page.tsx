import { PlaceholderPage } from '../../../components/placeholder-page';

export function ExitRequestsPage() {
  return <PlaceholderPage title="Exit Requests" />;
}
