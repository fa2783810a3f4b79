import { PlaceholderPage } from '../../../components/placeholder-page';

export function CreateInvestmentPoolPage() {
  return <PlaceholderPage title="Create Investment Pool" />;
}
