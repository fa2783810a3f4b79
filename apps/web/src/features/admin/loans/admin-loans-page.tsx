import { PlaceholderPage } from '../../../components/placeholder-page';

export function AdminLoansPage() {
  return <PlaceholderPage title="Loans" />;
}
