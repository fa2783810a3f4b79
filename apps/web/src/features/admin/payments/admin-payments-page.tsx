import { PendingPaymentsPage } from './pending-payments-page';

/** /admin/payments shows the same Payment Confirmations as /admin/payments/pending. */
export function AdminPaymentsPage() {
  return <PendingPaymentsPage />;
}
