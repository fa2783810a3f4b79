import { PlaceholderPage } from '../../components/placeholder-page';

export function DashboardPage() {
  return <PlaceholderPage title="Dashboard" />;
}
