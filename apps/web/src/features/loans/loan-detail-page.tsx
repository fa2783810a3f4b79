import type { LoanDetail, LoanRepayment } from '@letsema/domain';
import { dayOf, formatRand, formatRandAmount, randAmountToCents } from '@letsema/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ActionDialog } from '../../components/action-dialog';
import { Amount } from '../../components/amount';
import { EmptyState } from '../../components/empty-state';
import { Figure } from '../../components/figure';
import { PageHeader } from '../../components/page-header';
import { RetryAlert } from '../../components/retry-alert';
import { ApiError, getErrorMessage } from '../../lib/api-client';
import { formatAdminDate } from '../../lib/formatters';
import { useSuccessMessage } from '../../lib/use-success-message';
import { useCancelLoan, useLoan, useLoanOffer } from './api';
import { LoanStatusChip, RepaymentStatusChip } from './components/loan-chips';
import { RepaymentForm } from './components/repayment-form';
import { PayToCard } from '../../components/pay-to-card';
import { usePaymentDetails } from '../../lib/payment-details';
import { useShellUser } from '../../shell/shell-context';
import { LoanScheduleTable, QuotedScheduleTable } from './components/schedule-tables';
import {
  canCancelLoan,
  describeInstalments,
  describePenalty,
  formatPercent,
  getBooksDay,
  getRepaymentCeilingCents,
  sumInstalments,
} from './loan-rules';

/** One loan of the member: its figures, schedule, settlement figure, repayments, and what they can do with it. */
export function LoanDetailPage() {
  const { id = '' } = useParams();
  const loan = useLoan(id);
  const isMissing = loan.error instanceof ApiError && (loan.error.status === 404 || loan.error.status === 400);

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <Button component={RouterLink} to="/loans" startIcon={<ArrowBack />} sx={{ mb: 1, ml: -1 }}>
        Back to loans
      </Button>
      {loan.isPending && (
        <>
          <PageHeader title="Loan" />
          <Skeleton variant="rounded" height={320} sx={{ borderRadius: 3 }} />
        </>
      )}
      {loan.isError && (
        <>
          <PageHeader title={isMissing ? 'Loan not found' : 'Loan'} />
          {isMissing ? (
            <Paper>
              <EmptyState
                icon={<ReceiptLongOutlined />}
                title="Loan not found"
                text="This loan does not exist or is not yours."
              />
            </Paper>
          ) : (
            <RetryAlert onRetry={() => void loan.refetch()}>
              {getErrorMessage(loan.error, 'Failed to load the loan')}
            </RetryAlert>
          )}
        </>
      )}
      {loan.isSuccess && <LoanView loan={loan.data} />}
    </Box>
  );
}

function LoanView({ loan }: { loan: LoanDetail }) {
  const user = useShellUser();
  // Repayments go to the cooperative's account, like instalments.
  const payTo = usePaymentDetails();
  const notice = useSuccessMessage();
  const offer = useLoanOffer();
  const [isCancelling, setIsCancelling] = useState(false);
  const [startCents, setStartCents] = useState<number | null>(null);
  const [formKey, setFormKey] = useState(0);
  const repayTarget = useRef<HTMLDivElement>(null);

  const rows = describeInstalments(loan.schedule, getBooksDay(loan, dayOf(new Date())));
  const penaltyCents = sumInstalments(loan.schedule).penaltyCents;
  const ceilingCents = getRepaymentCeilingCents(loan.settlement, loan.repayments);
  const nextCents = randAmountToCents(loan.nextInstalment?.amount ?? 0);
  const methods = offer.data?.pools.find((pool) => pool.id === loan.pool.id)?.paymentMethods ?? [];
  const isRepaying = loan.status === 'active';

  const payInFull = () => {
    if (!loan.settlement) return;
    setStartCents(ceilingCents);
    setFormKey((key) => key + 1);
    repayTarget.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <>
      <PageHeader
        title={`Loan ${loan.number}`}
        subtitle={`${loan.productName} · ${loan.pool.name}`}
        actions={<LoanStatusChip status={loan.status} label={loan.statusLabel} />}
      />

      {notice.message && (
        <Alert severity="success" sx={{ mb: 3 }} onClose={notice.clear}>
          {notice.message}
        </Alert>
      )}

      <Stack spacing={3}>
        <StatusNote loan={loan} />

        {isRepaying && loan.arrears.overdueInstalments > 0 && (
          <Alert severity="error">
            <Amount rand={loan.arrears.overdueAmount} /> is overdue ({loan.arrears.overdueInstalments}{' '}
            {loan.arrears.overdueInstalments === 1 ? 'instalment' : 'instalments'}, {loan.arrears.daysOverdue}{' '}
            {loan.arrears.daysOverdue === 1 ? 'day' : 'days'} late). Please pay it as soon as you can.
          </Alert>
        )}

        <Paper component="section" aria-labelledby="loan-figures-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography id="loan-figures-title" variant="h4" component="h2" sx={{ mb: 2 }}>
            Loan details
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
            }}
          >
            <Figure label="Amount" value={formatRandAmount(loan.amount)} />
            <Figure label="Term" value={`${loan.termMonths} months`} />
            <Figure label="Interest rate" value={`${formatPercent(loan.annualRatePercent)} a year`} />
            <Figure label="Monthly instalment" value={formatRandAmount(loan.instalment)} />
            <Figure label="Total interest" value={formatRandAmount(loan.totalInterest)} />
            <Figure label="Total to repay" value={formatRandAmount(loan.totalRepayable)} />
            <Figure label="Principal repaid" value={formatRandAmount(loan.principalRepaid)} />
            <Figure label="Principal owed" value={formatRandAmount(loan.outstandingPrincipal)} />
            <Figure label="Applied on" value={formatAdminDate(loan.createdAt)} />
            {loan.disbursedOn && <Figure label="Paid out on" value={formatAdminDate(loan.disbursedOn)} />}
            {loan.nextInstalment && isRepaying && (
              <Figure
                label="Next instalment"
                value={formatRandAmount(loan.nextInstalment.amount)}
                hint={`Due ${formatAdminDate(loan.nextInstalment.dueOn)}`}
              />
            )}
            {loan.guarantor && (
              <Figure
                label="Guarantor"
                value={loan.guarantor.fullName ?? 'A member'}
                hint={
                  <>
                    {loan.guarantor.statusLabel} · <Amount rand={loan.guarantor.guaranteedAmount} /> guaranteed
                  </>
                }
              />
            )}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
            Purpose: {loan.purpose}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {describePenalty(loan)}
            {penaltyCents > 0 && (
              <>
                {' '}
                Penalties charged on this loan: <Amount cents={penaltyCents} />.
              </>
            )}
          </Typography>
          {canCancelLoan(loan.status) && (
            <Button variant="outlined" color="error" sx={{ mt: 2 }} onClick={() => setIsCancelling(true)}>
              Cancel application
            </Button>
          )}
        </Paper>

        {loan.settlement && isRepaying && (
          <Paper component="section" aria-labelledby="settle-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
            <Typography id="settle-title" variant="h4" component="h2">
              Pay <Amount rand={loan.settlement.amount} /> to settle today
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              Settling early saves the interest of the months to come. As of {formatAdminDate(loan.settlement.asOf)}:
              principal <Amount rand={loan.settlement.principal} />, interest <Amount rand={loan.settlement.interest} />
              , penalties <Amount rand={loan.settlement.penalties} />.
            </Typography>
            {ceilingCents < randAmountToCents(loan.settlement.amount) && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                Repayments waiting for approval count towards it: <Amount cents={ceilingCents} /> is left to pay.
              </Typography>
            )}
            {ceilingCents > 0 && (
              <Button variant="outlined" sx={{ mt: 2 }} onClick={payInFull}>
                Settle the loan
              </Button>
            )}
          </Paper>
        )}

        <Paper component="section" aria-labelledby="schedule-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography id="schedule-title" variant="h4" component="h2" sx={{ mb: 1 }}>
            Repayment schedule
          </Typography>
          {rows.length > 0 ? (
            <LoanScheduleTable rows={rows} label="Repayment schedule" />
          ) : loan.projectedSchedule && loan.projectedSchedule.length > 0 ? (
            <>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                The schedule if the loan were paid out today; it starts on the day it is paid out.
              </Typography>
              <QuotedScheduleTable rows={loan.projectedSchedule} label="Projected repayment schedule" />
            </>
          ) : (
            <Typography color="text.secondary">This loan has no schedule: it was not paid out.</Typography>
          )}
        </Paper>

        {isRepaying && (
          <Box ref={repayTarget} sx={{ scrollMarginTop: 80 }}>
            {ceilingCents > 0 ? (
              <Stack spacing={3}>
                {payTo.data && <PayToCard details={payTo.data} member={user} loanNumber={loan.number} />}
                <RepaymentForm
                  key={formKey}
                  loanId={loan.id}
                  paymentMethods={methods}
                  suggestedCents={startCents ?? Math.min(nextCents || ceilingCents, ceilingCents)}
                  ceilingCents={ceilingCents}
                  onSubmitted={(cents) => {
                    setStartCents(null);
                    setFormKey((key) => key + 1);
                    notice.show(
                      `Repayment of ${formatRand(cents)} submitted. An admin will check your proof of payment.`,
                    );
                  }}
                />
              </Stack>
            ) : (
              <Paper>
                <EmptyState
                  icon={<ReceiptLongOutlined />}
                  title="Nothing more to pay now"
                  text="Your repayments waiting for approval cover what settles the loan."
                />
              </Paper>
            )}
          </Box>
        )}

        <Paper component="section" aria-labelledby="repayments-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography id="repayments-title" variant="h4" component="h2" sx={{ mb: 1 }}>
            Repayments
          </Typography>
          {loan.repayments.length === 0 ? (
            <EmptyState
              icon={<ReceiptLongOutlined />}
              title="No repayments yet"
              text="Your repayments appear here once you submit them, with their approval status."
            />
          ) : (
            <RepaymentList repayments={loan.repayments} />
          )}
        </Paper>
      </Stack>

      <CancelDialog
        loan={loan}
        isOpen={isCancelling}
        onClose={() => setIsCancelling(false)}
        onCancelled={() => {
          setIsCancelling(false);
          notice.show(`Your application ${loan.number} is cancelled.`);
        }}
      />
    </>
  );
}

/** Why a loan stopped, or what it is waiting for. */
function StatusNote({ loan }: { loan: LoanDetail }) {
  switch (loan.status) {
    case 'awaiting_guarantor':
      return (
        <Alert severity="info">
          We asked {loan.guarantor?.fullName ?? 'your guarantor'} to guarantee{' '}
          <Amount rand={loan.guarantor?.guaranteedAmount ?? 0} /> of this loan. The loan admins decide once they accept.
        </Alert>
      );
    case 'pending':
      return <Alert severity="info">Your application is waiting for the loan admins&apos; decision.</Alert>;
    case 'approved':
      return <Alert severity="info">Your loan is approved. The schedule starts on the day it is paid out.</Alert>;
    case 'rejected':
      return (
        <Alert severity="warning">
          Your application was not approved{loan.rejectionReason ? `. Reason: ${loan.rejectionReason}` : '.'}
        </Alert>
      );
    case 'guarantor_declined':
      return <Alert severity="warning">The guarantor declined, so this application stopped.</Alert>;
    case 'cancelled':
      return <Alert severity="info">You cancelled this application.</Alert>;
    case 'repaid':
      return (
        <Alert severity="success">
          This loan is repaid{loan.closedAt ? ` (${formatAdminDate(loan.closedAt)})` : ''}. Thank you!
        </Alert>
      );
    default:
      return null;
  }
}

function RepaymentList({ repayments }: { repayments: readonly LoanRepayment[] }) {
  return (
    <Box component="ul" aria-label="Repayments" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {repayments.map((repayment) => (
        <Box
          component="li"
          key={repayment.id}
          sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <Typography sx={{ fontWeight: 700 }}>{formatRandAmount(repayment.amount)}</Typography>
            <RepaymentStatusChip status={repayment.status} label={repayment.statusLabel} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
            {formatAdminDate(repayment.paidOn)} ·{' '}
            {repayment.isFromExit ? 'From your exit payout' : repayment.paymentMethod}
            {repayment.isSettlement ? ' · Settled the loan' : ''}
          </Typography>
          {repayment.split && (
            <Typography variant="body2" color="text.secondary">
              Penalty <Amount rand={repayment.split.penalty} /> · Interest <Amount rand={repayment.split.interest} /> ·
              Principal <Amount rand={repayment.split.principal} />
              {repayment.split.interestNotCharged > 0 && (
                <>
                  {' '}
                  · Interest not charged <Amount rand={repayment.split.interestNotCharged} />
                </>
              )}
            </Typography>
          )}
          {repayment.status === 'rejected' && repayment.rejectionReason && (
            <Typography variant="body2" color="error.main">
              Reason: {repayment.rejectionReason}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** Asks before cancelling an application; its buttons say what each does, since both are about cancelling. */
function CancelDialog({
  loan,
  isOpen,
  onClose,
  onCancelled,
}: {
  loan: LoanDetail;
  isOpen: boolean;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const cancel = useCancelLoan();
  const textId = useId();
  const confirm = async () => {
    try {
      await cancel.mutateAsync(loan.id);
      onCancelled();
    } catch {
      // The dialog stays open and shows the error.
    }
  };
  return (
    <ActionDialog
      isOpen={isOpen}
      title="Cancel this application?"
      isPending={cancel.isPending}
      describedBy={textId}
      onClose={onClose}
      onExited={cancel.reset}
    >
      <DialogContent>
        {cancel.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {getErrorMessage(cancel.error, 'Failed to cancel the application')}
          </Alert>
        )}
        <DialogContentText id={textId}>
          Your application {loan.number} for <Amount rand={loan.amount} /> stops
          {loan.guarantor ? ', and your guarantor’s capital is no longer held for it' : ''}. You can apply again later.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={onClose} disabled={cancel.isPending} color="inherit">
          Keep application
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void confirm()}
          disabled={cancel.isPending}
          startIcon={cancel.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {cancel.isPending ? 'Cancelling…' : 'Cancel application'}
        </Button>
      </DialogActions>
    </ActionDialog>
  );
}
