import { PlaceholderPage } from '../../components/placeholder-page';

export function NotificationsPage() {
  return <PlaceholderPage title="Notifications" />;
}
