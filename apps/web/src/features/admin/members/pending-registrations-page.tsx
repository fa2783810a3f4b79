import { PlaceholderPage } from '../../../components/placeholder-page';

export function PendingRegistrationsPage() {
  return <PlaceholderPage title="Pending Registrations" />;
}
