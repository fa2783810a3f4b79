import { PlaceholderPage } from '../../components/placeholder-page';

export function TransactionsPage() {
  return <PlaceholderPage title="Transactions" />;
}
