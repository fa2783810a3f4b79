import { PlaceholderPage } from '../../components/placeholder-page';

export function InvestmentsPage() {
  return <PlaceholderPage title="My Investments" />;
}
