import { formatRandAmount, frequencyLabels, type PaymentFrequency } from '@letsema/domain';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import { usePoolRequestDecision, usePoolRequests, type PoolRequest } from './api';

const planNames: Record<string, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
  once: 'Once-off',
};

function getPlanName(plan: string): string {
  return planNames[plan] ?? plan;
}

/** The instalment with its frequency: `R 833.33 per month`. */
function formatInstalment(request: PoolRequest): string {
  const label = frequencyLabels[request.installmentPlan as PaymentFrequency];
  return label
    ? `${formatRandAmount(request.contributionAmount)} ${label}`
    : formatRandAmount(request.contributionAmount);
}

function formatShares(count: number): string {
  return `${count} ${count === 1 ? 'share' : 'shares'}`;
}

/** Pool Membership Requests (spec admin screen 8): approve or reject members' requests to join. */
export function PoolRequestsPage() {
  const requests = usePoolRequests();
  const decision = usePoolRequestDecision();
  const flash = useFlashMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<PoolRequest | null>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const rows = requests.data?.pages.flat() ?? [];

  const approve = (request: PoolRequest) => {
    setFailure(null);
    flash.clear();
    decision.mutate(
      { id: request.id, action: 'approve' },
      {
        onSuccess: () => flash.show('Membership approved successfully!'),
        onError: (error) => setFailure(getErrorMessage(error, 'Failed to approve membership')),
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
          flash.show('Membership rejected');
        },
        onError: (error) => setRejectError(getErrorMessage(error, 'Failed to reject membership')),
      },
    );
  };
  const actions: RowActions = {
    busyId: decision.isPending ? decision.variables.id : null,
    busyAction: decision.isPending ? decision.variables.action : null,
    onApprove: approve,
    onReject: (request) => {
      setRejectError(null);
      setRejecting(request);
    },
  };

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <PageHeader
        title="Pool Membership Requests"
        subtitle="Members asking to join a pool. Approving takes their shares from the pool. Oldest first."
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
      {requests.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void requests.refetch()}>
              Retry
            </Button>
          }
        >
          {getErrorMessage(requests.error, 'Failed to load pool requests')}
        </Alert>
      )}

      {requests.isPending && <LoadingRows />}

      {requests.isSuccess && rows.length === 0 && (
        <Paper>
          <EmptyState
            icon={<GroupAddOutlined />}
            title="No pending membership requests"
            text="Requests to join a pool appear here for you to approve."
          />
        </Paper>
      )}

      {rows.length > 0 &&
        (isWide ? <RequestsTable rows={rows} actions={actions} /> : <RequestCards rows={rows} actions={actions} />)}

      {requests.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button
            variant="outlined"
            onClick={() => void requests.fetchNextPage()}
            disabled={requests.isFetchingNextPage}
          >
            {requests.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </Box>
      )}

      <RejectReasonDialog
        isOpen={Boolean(rejecting)}
        title="Reject membership request"
        description={
          rejecting && (
            <>
              <strong>{getDisplayName(rejecting.user)}</strong>&apos;s request for{' '}
              {formatShares(rejecting.numberOfShares)} in <strong>{rejecting.pool.name}</strong> will be rejected. The
              member is told the reason and may send a new request.
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
  onApprove: (request: PoolRequest) => void;
  onReject: (request: PoolRequest) => void;
}

function DecisionButtons({
  request,
  actions,
  isStretched = false,
}: {
  request: PoolRequest;
  actions: RowActions;
  isStretched?: boolean;
}) {
  const name = getDisplayName(request.user);
  const isBusy = actions.busyId !== null;
  const isApproving = actions.busyId === request.id && actions.busyAction === 'approve';
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', '& > *': isStretched ? { flex: 1 } : {} }}>
      <Button
        size="small"
        variant="contained"
        color="success"
        onClick={() => actions.onApprove(request)}
        disabled={isBusy}
        aria-label={`Approve request from ${name}`}
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
        onClick={() => actions.onReject(request)}
        disabled={isBusy}
        aria-label={`Reject request from ${name}`}
        startIcon={isStretched ? <HighlightOff /> : undefined}
        sx={{ whiteSpace: 'nowrap', px: isStretched ? 2.5 : 1.75 }}
      >
        Reject
      </Button>
    </Box>
  );
}

function MemberCell({ user }: { user: PoolRequest['user'] }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{getDisplayName(user)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Typography>
    </Box>
  );
}

function RequestsTable({ rows, actions }: { rows: PoolRequest[]; actions: RowActions }) {
  return (
    <TableContainer component={Paper}>
      <Table
        sx={{
          '& .MuiTableCell-root': { px: 1.5 },
          '& .MuiTableCell-root:first-of-type': { pl: 2.5 },
          '& .MuiTableCell-root:last-of-type': { pr: 2.5 },
        }}
        aria-label="Pending membership requests"
      >
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            <TableCell>Member</TableCell>
            <TableCell>Pool</TableCell>
            <TableCell>Installment Plan</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Date</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((request) => (
            <TableRow key={request.id} hover sx={{ '&:last-child td': { borderBottom: 0 } }}>
              <TableCell sx={{ minWidth: 190 }}>
                <MemberCell user={request.user} />
              </TableCell>
              <TableCell>
                <Typography sx={{ fontWeight: 500 }}>{request.pool.name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  Target {formatRandAmount(request.pool.targetAmount)}
                </Typography>
              </TableCell>
              <TableCell>
                <Chip label={getPlanName(request.installmentPlan)} size="small" color="primary" variant="outlined" />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'nowrap' }}>
                  {formatShares(request.numberOfShares)}
                </Typography>
              </TableCell>
              <TableCell align="right">
                <Typography sx={{ fontWeight: 700 }}>{formatInstalment(request)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  Total {formatRandAmount(request.totalCommitment)}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAdminDate(request.createdAt)}</TableCell>
              <TableCell align="right">
                <DecisionButtons request={request} actions={actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function RequestCards({ rows, actions }: { rows: PoolRequest[]; actions: RowActions }) {
  return (
    <Stack component="ul" aria-label="Pending membership requests" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((request) => (
        <Paper component="li" key={request.id} sx={{ p: 2 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1.5 }}>
            <MemberCell user={request.user} />
            <Chip label={getPlanName(request.installmentPlan)} size="small" color="primary" variant="outlined" />
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
            <dd>
              {request.pool.name} · Target {formatRandAmount(request.pool.targetAmount)}
            </dd>
            <dt>Shares</dt>
            <dd>{formatShares(request.numberOfShares)}</dd>
            <dt>Amount</dt>
            <dd>
              <strong>{formatInstalment(request)}</strong> · Total {formatRandAmount(request.totalCommitment)}
            </dd>
            <dt>Date</dt>
            <dd>{formatAdminDate(request.createdAt)}</dd>
          </Box>
          <Box sx={{ mt: 2 }}>
            <DecisionButtons request={request} actions={actions} isStretched />
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

function LoadingRows() {
  return (
    <Paper role="status" aria-label="Loading pool requests" sx={{ p: 2 }}>
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
