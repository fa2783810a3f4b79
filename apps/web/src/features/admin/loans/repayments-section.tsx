import type { LoanRepayment } from '@letsema/domain';
import { formatRandAmount, hasRole } from '@letsema/domain';
import DoneAll from '@mui/icons-material/DoneAll';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { RejectReasonDialog } from '../../../components/reject-reason-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import { WaitingForChecker } from '../../../components/waiting-for-checker';
import { getErrorMessage } from '../../../lib/api-client';
import { formatAdminDate } from '../../../lib/formatters';
import { useSuccessMessage } from '../../../lib/use-success-message';
import { useShellUser } from '../../../shell/shell-context';
import { usePendingRepayments, useRepaymentDecision } from './api';
import { getRepaymentRight } from './loan-rules';
import { ConfirmDialog, ProofFileButton } from './parts';

const memberName = (repayment: LoanRepayment) => repayment.member?.fullName ?? repayment.member?.email ?? 'the member';

/** The payments desk's queue of loan repayments: check the proof against the bank, then approve or reject. */
export function RepaymentsSection() {
  const user = useShellUser();
  const mayOpenLoans = hasRole(user, 'loan_management');
  const repayments = usePendingRepayments();
  const decision = useRepaymentDecision();
  const success = useSuccessMessage();
  const [open, setOpen] = useState<{ kind: 'approve' | 'reject'; item: LoanRepayment } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setOpen(null);
    setProblem(null);
  };
  const decide = (reason?: string) => {
    if (!open) return;
    setProblem(null);
    const { item, kind } = open;
    decision.mutate(
      kind === 'approve' ? { id: item.id, action: 'approve' } : { id: item.id, action: 'reject', reason: reason ?? '' },
      {
        onSuccess: () => {
          setOpen(null);
          success.show(
            kind === 'approve' ? 'Repayment approved.' : 'Repayment rejected. The member has been told why.',
          );
        },
        onError: (error) =>
          setProblem(
            getErrorMessage(
              error,
              kind === 'approve' ? 'The repayment could not be approved' : 'The repayment could not be rejected',
            ),
          ),
      },
    );
  };

  return (
    <Box component="section" aria-labelledby="repayments-title">
      <Typography id="repayments-title" variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
        Repayments to check
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Check each proof of payment against the bank, then approve the repayment (it pays the penalty, then the
        interest, then the principal of the oldest instalments) or reject it. Oldest first.
      </Typography>
      <Box aria-live="polite">
        {success.message && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={success.clear}>
            {success.message}
          </Alert>
        )}
      </Box>
      {repayments.isError ? (
        <RetryAlert onRetry={() => void repayments.refetch()}>
          {getErrorMessage(repayments.error, 'The repayments could not be loaded')}
        </RetryAlert>
      ) : repayments.isPending ? (
        <Skeleton variant="rounded" height={160} role="status" aria-label="Loading repayments" />
      ) : repayments.data.length === 0 ? (
        <Paper>
          <EmptyState
            icon={<DoneAll />}
            title="No repayments to check"
            text="Loan repayments members submit appear here."
          />
        </Paper>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Loan repayments">
          {repayments.data.map((item) => {
            const name = memberName(item);
            const right = getRepaymentRight(user, item);
            return (
              <Paper component="li" key={item.id} sx={{ p: 2 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {name} · {formatRandAmount(item.amount)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Loan{' '}
                  {mayOpenLoans ? (
                    <Link component={RouterLink} to={`/admin/loans/${item.loanId}`}>
                      {item.loanNumber}
                    </Link>
                  ) : (
                    item.loanNumber
                  )}{' '}
                  · {item.paymentMethod} · paid {formatAdminDate(item.paidOn)} · sent {formatAdminDate(item.createdAt)}
                  {item.isSettlement ? ' · settles the loan' : ''}
                </Typography>
                <Box sx={{ mt: 0.5, ml: -1 }}>
                  <ProofFileButton
                    url={item.proofUrl}
                    label="View proof"
                    accessibleName={`View proof of payment from ${name}`}
                    title={`Proof of payment from ${name}`}
                    fileName={`proof-of-payment-${item.loanNumber}`}
                  />
                </Box>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
                  {right.mayDecide ? (
                    <>
                      <Button
                        variant="contained"
                        color="success"
                        sx={{ color: '#fff' }}
                        onClick={() => setOpen({ kind: 'approve', item })}
                        aria-label={`Approve repayment from ${name}`}
                      >
                        Approve
                      </Button>
                      <Button
                        variant="outlined"
                        color="error"
                        onClick={() => setOpen({ kind: 'reject', item })}
                        aria-label={`Reject repayment from ${name}`}
                      >
                        Reject
                      </Button>
                    </>
                  ) : (
                    <WaitingForChecker reason={right.reason} />
                  )}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
      <ConfirmDialog
        isOpen={open?.kind === 'approve'}
        title="Approve the repayment"
        confirmLabel="Approve"
        pendingLabel="Approving…"
        isPending={decision.isPending}
        errorMessage={open?.kind === 'approve' ? problem : null}
        onClose={close}
        onConfirm={() => decide()}
      >
        {open &&
          `${formatRandAmount(open.item.amount)} from ${memberName(open.item)} on ${open.item.loanNumber} is in the bank. It is split into penalty, interest and principal and posted to the books.`}
      </ConfirmDialog>
      <RejectReasonDialog
        isOpen={open?.kind === 'reject'}
        title="Reject the repayment"
        description={open ? `${memberName(open.item)} is told the reason.` : ''}
        isPending={decision.isPending}
        errorMessage={open?.kind === 'reject' ? problem : null}
        onClose={close}
        onConfirm={(reason) => decide(reason)}
      />
    </Box>
  );
}
