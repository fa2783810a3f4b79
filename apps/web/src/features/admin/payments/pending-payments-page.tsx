import { PlaceholderPage } from '../../../components/placeholder-page';

export function PendingPaymentsPage() {
  return <PlaceholderPage title="Payment Confirmations" />;
}
