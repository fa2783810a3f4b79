import { PlaceholderPage } from '../../../components/placeholder-page';

export function AdminNotificationsPage() {
  return <PlaceholderPage title="Notifications" />;
}
