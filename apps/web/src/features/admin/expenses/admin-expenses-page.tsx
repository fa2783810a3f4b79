import { PlaceholderPage } from '../../../components/placeholder-page';

export function AdminExpensesPage() {
  return <PlaceholderPage title="Expenses" />;
}
