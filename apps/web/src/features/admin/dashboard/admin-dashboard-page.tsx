import { PlaceholderPage } from '../../../components/placeholder-page';

export function AdminDashboardPage() {
  return <PlaceholderPage title="Admin Dashboard" />;
}
