import { PlaceholderPage } from '../../../components/placeholder-page';

export function AdminInvestmentPage() {
  return <PlaceholderPage title="Investment Pool" />;
}
