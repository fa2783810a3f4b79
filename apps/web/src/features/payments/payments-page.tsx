import { PlaceholderPage } from '../../components/placeholder-page';

export function PaymentsPage() {
  return <PlaceholderPage title="Payments" />;
}
