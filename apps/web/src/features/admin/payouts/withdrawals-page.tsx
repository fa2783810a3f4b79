import { formatRandAmount, randAmountToCents, singleChecker } from '@letsema/domain';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { RejectReasonDialog } from '../../../components/reject-reason-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import { WaitingForChecker } from '../../../components/waiting-for-checker';
import { getErrorMessage } from '../../../lib/api-client';
import { formatAdminDate } from '../../../lib/formatters';
import { getDecisionRight } from '../../../lib/maker-checker';
import { useShellUser } from '../../../shell/shell-context';
import { useAdminWithdrawals, usePayoutStep, type AdminWithdrawal } from './api';
import { PayDialog } from './parts';

/** Withdrawals of allocated returns: one admin approves, another pays with a proof. */
export function WithdrawalsPage() {
  const user = useShellUser();
  const list = useAdminWithdrawals();
  const step = usePayoutStep('withdrawals');
  const [open, setOpen] = useState<{ kind: 'pay' | 'reject'; item: AdminWithdrawal } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <PageHeader
        title="Withdrawals"
        subtitle="Members taking out the returns allocated to them: approved by one admin, paid by another."
      />
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {list.isError ? (
        <RetryAlert onRetry={() => void list.refetch()}>
          {getErrorMessage(list.error, 'The withdrawals could not be loaded')}
        </RetryAlert>
      ) : list.isPending ? (
        <Skeleton variant="rounded" height={160} role="status" aria-label="Loading withdrawals" />
      ) : list.data.length === 0 ? (
        <Paper>
          <EmptyState icon={<SavingsOutlined />} title="No withdrawals waiting" />
        </Paper>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Withdrawals">
          {list.data.map((item) => {
            const name = item.member.fullName ?? item.member.email;
            const right =
              item.status === 'requested'
                ? getDecisionRight(
                    user,
                    { makerId: item.userId, amountCents: randAmountToCents(item.amount), approverIds: [] },
                    singleChecker(),
                  )
                : getDecisionRight(
                    user,
                    { makerId: item.approvedBy ?? '', amountCents: randAmountToCents(item.amount), approverIds: [] },
                    singleChecker('You approved this withdrawal, so another admin must pay it.'),
                  );
            return (
              <Paper component="li" key={item.id} aria-label={`Withdrawal of ${name}`} sx={{ p: 2 }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                  <Box>
                    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                      {name} · {formatRandAmount(item.amount)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      Asked {formatAdminDate(item.createdAt)} · {item.pool.name}
                    </Typography>
                    <Typography variant="body2">
                      {item.payoutAccount
                        ? `Payout account: ${item.payoutAccount.bankName}, ${item.payoutAccount.accountHolder}`
                        : 'No payout account yet'}
                    </Typography>
                  </Box>
                  <Chip
                    label={item.statusLabel}
                    variant="outlined"
                    color={item.status === 'approved' ? 'success' : 'warning'}
                    sx={{ fontWeight: 600 }}
                  />
                </Box>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ mt: 1.5 }}
                  alignItems={{ sm: 'center' }}
                >
                  {!right.mayDecide ? (
                    <WaitingForChecker reason={right.reason} />
                  ) : item.status === 'requested' ? (
                    <>
                      <Button
                        variant="contained"
                        color="success"
                        disabled={step.isPending}
                        onClick={() =>
                          step.mutate(
                            { id: item.id, step: 'approve' },
                            { onError: (error) => setFailure(getErrorMessage(error, 'It could not be approved')) },
                          )
                        }
                      >
                        Approve
                      </Button>
                      <Button variant="outlined" color="error" onClick={() => setOpen({ kind: 'reject', item })}>
                        Reject
                      </Button>
                    </>
                  ) : (
                    <Button variant="contained" onClick={() => setOpen({ kind: 'pay', item })}>
                      Mark paid
                    </Button>
                  )}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
      <PayDialog
        isOpen={open?.kind === 'pay'}
        title="Mark the withdrawal paid"
        description={
          open
            ? `Pay ${formatRandAmount(open.item.amount)} into the member's payout account, then upload the bank's proof.`
            : ''
        }
        account={open?.item.payoutAccount}
        memberName={open ? (open.item.member.fullName ?? open.item.member.email) : ''}
        onClose={() => setOpen(null)}
        onPay={(proofUrl) => step.mutateAsync({ id: open!.item.id, step: 'pay', body: { proofUrl } })}
      />
      <RejectReasonDialog
        isOpen={open?.kind === 'reject'}
        title="Reject withdrawal"
        description={
          open ? `${open.item.member.fullName ?? open.item.member.email}, ${formatRandAmount(open.item.amount)}` : ''
        }
        isPending={step.isPending}
        errorMessage={
          step.error && open?.kind === 'reject' ? getErrorMessage(step.error, 'It could not be rejected') : null
        }
        onClose={() => setOpen(null)}
        onConfirm={(reason) =>
          step.mutate({ id: open!.item.id, step: 'reject', body: { reason } }, { onSuccess: () => setOpen(null) })
        }
      />
    </Box>
  );
}
