import { formatRandAmount, investingMessages, paymentReferenceFor, randToCents, singleChecker } from '@letsema/domain';
import DoneAll from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatAdminDate, getDisplayName } from '../../../lib/formatters';
import { getDecisionRight } from '../../../lib/maker-checker';
import { useShellUser } from '../../../shell/shell-context';
import { DecisionQueuePage, type QueueColumn, type QueueDetail } from '../shared/decision-queue';
import { usePaymentDecision, usePendingPayments, type PendingPayment } from './api';
import { ApprovePaymentDialog } from './components/approve-payment-dialog';
import { ProofButton } from './components/proof-button';

/** The reference the member was asked to write on the transfer, to find on the proof. */
const referenceOf = (payment: PendingPayment) => paymentReferenceFor(payment.user) ?? 'None';

const columns: QueueColumn<PendingPayment>[] = [
  { header: 'Pool', render: (payment) => payment.pool.name },
  {
    header: 'Amount',
    align: 'right',
    sx: { fontWeight: 700, whiteSpace: 'nowrap' },
    render: (payment) => formatRandAmount(payment.amount),
  },
  { header: 'Reference', sx: { whiteSpace: 'nowrap' }, render: referenceOf },
  { header: 'Method', render: (payment) => payment.paymentMethod },
  { header: 'Date', sx: { whiteSpace: 'nowrap' }, render: (payment) => formatAdminDate(payment.createdAt) },
  {
    header: 'Proof',
    render: (payment) => <ProofButton url={payment.proofOfPaymentUrl} memberName={getDisplayName(payment.user)} />,
  },
];

const cardDetails: QueueDetail<PendingPayment>[] = [
  { term: 'Pool', render: (payment) => payment.pool.name },
  { term: 'Reference', render: referenceOf },
  { term: 'Method', render: (payment) => payment.paymentMethod },
  { term: 'Date', render: (payment) => formatAdminDate(payment.createdAt) },
  {
    term: 'Proof',
    render: (payment) => (
      <Box sx={{ mt: -0.75, ml: -1 }}>
        <ProofButton url={payment.proofOfPaymentUrl} memberName={getDisplayName(payment.user)} />
      </Box>
    ),
  },
];

/** Payment Confirmations (spec admin screen 7): approve or reject the payments members submitted. */
export function PendingPaymentsPage() {
  const payments = usePendingPayments();
  const decision = usePaymentDecision();
  const me = useShellUser();
  return (
    <DecisionQueuePage
      title="Payment Confirmations"
      subtitle="Check each proof of payment against its amount, reference and plan, then approve or reject the payment. Oldest first."
      items={payments}
      decision={decision}
      itemName="payment"
      listLabel="Pending payments"
      loadingLabel="Loading payments"
      loadFailedMessage="Failed to load payments"
      emptyState={{
        icon: <DoneAll />,
        title: 'No pending payments',
        text: 'Payments members submit appear here for you to confirm.',
      }}
      messages={{
        approved: 'Payment approved successfully!',
        approveFailed: 'Failed to approve payment',
        rejected: 'Payment rejected',
        rejectFailed: 'Failed to reject payment',
      }}
      columns={columns}
      renderCardAside={(payment) => (
        <Typography sx={{ fontWeight: 700, fontSize: '1.125rem', whiteSpace: 'nowrap' }}>
          {formatRandAmount(payment.amount)}
        </Typography>
      )}
      cardDetails={cardDetails}
      renderApproveReview={(review) => <ApprovePaymentDialog {...review} />}
      // An admin who is also a member sees the reason, not the buttons, on their own payment.
      decisionRight={(payment) =>
        getDecisionRight(
          me,
          { makerId: payment.user.id, amountCents: randToCents(payment.amount) ?? 0, approverIds: [] },
          singleChecker(investingMessages.ownPayment),
        )
      }
      rejectTitle="Reject payment"
      describeRejection={(payment) => (
        <>
          The payment of <strong>{formatRandAmount(payment.amount)}</strong> from{' '}
          <strong>{getDisplayName(payment.user)}</strong> will be rejected. The member is told the reason.
        </>
      )}
    />
  );
}
