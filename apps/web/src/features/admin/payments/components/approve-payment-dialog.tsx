import { formatRandAmount, frequencyLabels, paymentReferenceFor } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { Fragment, useState, type ReactNode } from 'react';
import { ActionDialog, ActionDialogButtons } from '../../../../components/action-dialog';
import { formatAdminDate, getDisplayName } from '../../../../lib/formatters';
import type { ApproveReview } from '../../shared/decision-queue';
import { ProofViewer } from '../../shared/proof-viewer';
import type { PendingPayment } from '../api';

/**
 * Approving a payment: the proof, in the app, beside the amount, the member's reference and plan, and
 * an explicit confirmation that the proof shows them before the payment can be approved.
 */
export function ApprovePaymentDialog({
  item: payment,
  isPending,
  errorMessage,
  onClose,
  onConfirm,
}: ApproveReview<PendingPayment>) {
  const [isChecked, setIsChecked] = useState(false);
  const name = getDisplayName(payment.user);
  const reference = paymentReferenceFor(payment.user);
  const amount = formatRandAmount(payment.amount);
  const plan = payment.plan;
  const isOneInstalment = !plan || plan.contributionAmount === payment.amount;
  const rows: { term: string; value: ReactNode }[] = [
    { term: 'Member', value: name },
    { term: 'Reference', value: reference ?? 'None: the member has no name or phone number for one' },
    { term: 'Pool', value: payment.pool.name },
    ...(plan
      ? [
          {
            term: 'Plan',
            value: `${formatRandAmount(plan.contributionAmount)} ${frequencyLabels[plan.installmentPlan]}`,
          },
          {
            term: 'Paid so far',
            value: `${formatRandAmount(plan.totalPaid)} of ${formatRandAmount(plan.totalCommitment)}`,
          },
        ]
      : []),
    { term: 'Method', value: payment.paymentMethod ?? 'Not given' },
    { term: 'Sent on', value: formatAdminDate(payment.createdAt) },
  ];

  return (
    <ActionDialog
      isOpen
      title={`Review payment from ${name}`}
      subtitle="Check the proof against the amount, the reference and the plan before you approve."
      isPending={isPending}
      maxWidth="lg"
      onClose={onClose}
    >
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
            gap: { xs: 2, md: 3 },
            alignItems: 'start',
          }}
        >
          <ProofViewer url={payment.proofOfPaymentUrl} title={`Proof of payment from ${name}`} />
          <Box component="section" aria-label="Payment details" sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              Amount
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: '1.75rem', lineHeight: 1.2, mb: 2, whiteSpace: 'nowrap' }}>
              {amount}
            </Typography>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'auto minmax(0, 1fr)',
                columnGap: 2,
                rowGap: 1,
                '& dt': { color: 'text.secondary', fontSize: '0.875rem' },
                '& dd': { m: 0, fontSize: '0.875rem', fontWeight: 600, overflowWrap: 'anywhere' },
              }}
            >
              {rows.map((row) => (
                <Fragment key={row.term}>
                  <dt>{row.term}</dt>
                  <dd>{row.value}</dd>
                </Fragment>
              ))}
            </Box>
            {!isOneInstalment && plan && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                This is not the plan&apos;s instalment of {formatRandAmount(plan.contributionAmount)}. Check that the
                proof shows {amount}.
              </Alert>
            )}
            <FormControlLabel
              sx={{ mt: 2, alignItems: 'flex-start', mr: 0 }}
              control={
                <Checkbox
                  checked={isChecked}
                  onChange={(event) => setIsChecked(event.target.checked)}
                  disabled={isPending}
                  sx={{ mt: -1 }}
                />
              }
              label={`The proof shows ${amount} paid${reference ? ` with the reference ${reference}` : ''}.`}
            />
            {errorMessage && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {errorMessage}
              </Alert>
            )}
          </Box>
        </Box>
      </DialogContent>
      <ActionDialogButtons
        label="Approve payment"
        pendingLabel="Approving…"
        color="success"
        isPending={isPending}
        isDisabled={!isChecked}
        isSpacious
        onCancel={onClose}
        onConfirm={onConfirm}
      />
    </ActionDialog>
  );
}
