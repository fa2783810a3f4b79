import { formatRandAmount } from '@letsema/domain';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DoneAll from '@mui/icons-material/DoneAll';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { RejectReasonDialog } from '../../../components/reject-reason-dialog';
import { getErrorMessage } from '../../../lib/api-client';
import { formatAdminDate, getDisplayName } from '../../../lib/formatters';
import { useFlashMessage } from '../shared/use-flash-message';
import { usePaymentDecision, usePendingPayments, type PendingPayment } from './api';
import { ProofButton } from './components/proof-button';

/** Payment Confirmations (spec admin screen 7): approve or reject the payments members submitted. */
export function PendingPaymentsPage() {
  const payments = usePendingPayments();
  const decision = usePaymentDecision();
  const flash = useFlashMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<PendingPayment | null>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const rows = payments.data?.pages.flat() ?? [];

  const approve = (payment: PendingPayment) => {
    setFailure(null);
    flash.clear();
    decision.mutate(
      { id: payment.id, action: 'approve' },
      {
        onSuccess: () => flash.show('Payment approved successfully!'),
        onError: (error) => setFailure(getErrorMessage(error, 'Failed to approve payment')),
      },
    );
  };
  const reject = (reason: string) => {
    if (!rejecting) return;
    setRejectError(null);
    decision.mutate(
      { id: rejecting.id, action: 'reject', reason },
      {
        onSuccess: () => {
          setRejecting(null);
          setFailure(null);
          flash.show('Payment rejected');
        },
        onError: (error) => setRejectError(getErrorMessage(error, 'Failed to reject payment')),
      },
    );
  };
  const actions: RowActions = {
    busyId: decision.isPending ? decision.variables.id : null,
    busyAction: decision.isPending ? decision.variables.action : null,
    onApprove: approve,
    onReject: (payment) => {
      setRejectError(null);
      setRejecting(payment);
    },
  };

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <PageHeader
        title="Payment Confirmations"
        subtitle="Check each proof of payment, then approve or reject the payment. Oldest first."
      />

      <Box aria-live="polite">
        {flash.message && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={flash.clear}>
            {flash.message}
          </Alert>
        )}
      </Box>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {payments.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void payments.refetch()}>
              Retry
            </Button>
          }
        >
          {getErrorMessage(payments.error, 'Failed to load payments')}
        </Alert>
      )}

      {payments.isPending && <LoadingRows />}

      {payments.isSuccess && rows.length === 0 && (
        <Paper>
          <EmptyState
            icon={<DoneAll />}
            title="No pending payments"
            text="Payments members submit appear here for you to confirm."
          />
        </Paper>
      )}

      {rows.length > 0 &&
        (isWide ? <PaymentsTable rows={rows} actions={actions} /> : <PaymentCards rows={rows} actions={actions} />)}

      {payments.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button
            variant="outlined"
            onClick={() => void payments.fetchNextPage()}
            disabled={payments.isFetchingNextPage}
          >
            {payments.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </Box>
      )}

      <RejectReasonDialog
        isOpen={Boolean(rejecting)}
        title="Reject payment"
        description={
          rejecting && (
            <>
              The payment of <strong>{formatRandAmount(rejecting.amount)}</strong> from{' '}
              <strong>{getDisplayName(rejecting.user)}</strong> will be rejected. The member is told the reason.
            </>
          )
        }
        isPending={decision.isPending && decision.variables.action === 'reject'}
        errorMessage={rejectError}
        onClose={() => setRejecting(null)}
        onConfirm={reject}
      />
    </Box>
  );
}

interface RowActions {
  busyId: string | null;
  busyAction: 'approve' | 'reject' | null;
  onApprove: (payment: PendingPayment) => void;
  onReject: (payment: PendingPayment) => void;
}

function DecisionButtons({
  payment,
  actions,
  isStretched = false,
}: {
  payment: PendingPayment;
  actions: RowActions;
  isStretched?: boolean;
}) {
  const name = getDisplayName(payment.user);
  const isBusy = actions.busyId !== null;
  const isApproving = actions.busyId === payment.id && actions.busyAction === 'approve';
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', '& > *': isStretched ? { flex: 1 } : {} }}>
      <Button
        size="small"
        variant="contained"
        color="success"
        onClick={() => actions.onApprove(payment)}
        disabled={isBusy}
        aria-label={`Approve payment from ${name}`}
        startIcon={
          isApproving ? (
            <CircularProgress size={14} color="inherit" />
          ) : isStretched ? (
            <CheckCircleOutline />
          ) : undefined
        }
        sx={{ color: '#fff', whiteSpace: 'nowrap', px: isStretched ? 2.5 : 1.75 }}
      >
        {isApproving ? 'Approving…' : 'Approve'}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        onClick={() => actions.onReject(payment)}
        disabled={isBusy}
        aria-label={`Reject payment from ${name}`}
        startIcon={isStretched ? <HighlightOff /> : undefined}
        sx={{ whiteSpace: 'nowrap', px: isStretched ? 2.5 : 1.75 }}
      >
        Reject
      </Button>
    </Box>
  );
}

function MemberCell({ user }: { user: PendingPayment['user'] }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{getDisplayName(user)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Typography>
    </Box>
  );
}

function PaymentsTable({ rows, actions }: { rows: PendingPayment[]; actions: RowActions }) {
  return (
    <TableContainer component={Paper}>
      <Table
        sx={{
          '& .MuiTableCell-root': { px: 1.5 },
          '& .MuiTableCell-root:first-of-type': { pl: 2.5 },
          '& .MuiTableCell-root:last-of-type': { pr: 2.5 },
        }}
        aria-label="Pending payments"
      >
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            <TableCell>Member</TableCell>
            <TableCell>Pool</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Method</TableCell>
            <TableCell>Date</TableCell>
            <TableCell>Proof</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((payment) => (
            <TableRow key={payment.id} hover sx={{ '&:last-child td': { borderBottom: 0 } }}>
              <TableCell sx={{ minWidth: 190 }}>
                <MemberCell user={payment.user} />
              </TableCell>
              <TableCell>{payment.pool.name}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {formatRandAmount(payment.amount)}
              </TableCell>
              <TableCell>{payment.paymentMethod}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAdminDate(payment.createdAt)}</TableCell>
              <TableCell>
                <ProofButton url={payment.proofOfPaymentUrl} memberName={getDisplayName(payment.user)} />
              </TableCell>
              <TableCell align="right">
                <DecisionButtons payment={payment} actions={actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PaymentCards({ rows, actions }: { rows: PendingPayment[]; actions: RowActions }) {
  return (
    <Stack component="ul" aria-label="Pending payments" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((payment) => (
        <Paper component="li" key={payment.id} sx={{ p: 2 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1.5 }}>
            <MemberCell user={payment.user} />
            <Typography sx={{ fontWeight: 700, fontSize: '1.125rem', whiteSpace: 'nowrap' }}>
              {formatRandAmount(payment.amount)}
            </Typography>
          </Box>
          <Box
            component="dl"
            sx={{
              m: 0,
              mt: 1.5,
              display: 'grid',
              gridTemplateColumns: 'auto minmax(0, 1fr)',
              columnGap: 2,
              rowGap: 0.5,
              '& dt': { color: 'text.secondary', fontSize: '0.875rem' },
              '& dd': { m: 0, fontSize: '0.875rem', fontWeight: 500, overflowWrap: 'anywhere' },
            }}
          >
            <dt>Pool</dt>
            <dd>{payment.pool.name}</dd>
            <dt>Method</dt>
            <dd>{payment.paymentMethod}</dd>
            <dt>Date</dt>
            <dd>{formatAdminDate(payment.createdAt)}</dd>
            <dt>Proof</dt>
            <dd>
              <Box sx={{ mt: -0.75, ml: -1 }}>
                <ProofButton url={payment.proofOfPaymentUrl} memberName={getDisplayName(payment.user)} />
              </Box>
            </dd>
          </Box>
          <Box sx={{ mt: 2 }}>
            <DecisionButtons payment={payment} actions={actions} isStretched />
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

function LoadingRows() {
  return (
    <Paper role="status" aria-label="Loading payments" sx={{ p: 2 }}>
      {[0, 1, 2].map((index) => (
        <Box key={index} sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton width="30%" />
            <Skeleton width="50%" />
          </Box>
          <Skeleton width={90} height={36} />
          <Skeleton width={90} height={36} />
        </Box>
      ))}
    </Paper>
  );
}
