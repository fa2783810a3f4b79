import { exitMessages, formatRandAmount, payoutRecord, randAmountToCents, singleChecker } from '@letsema/domain';
import ExitToAppOutlined from '@mui/icons-material/ExitToAppOutlined';
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
import { formatAdminDate, formatPeriod } from '../../../lib/formatters';
import { getDecisionRight } from '../../../lib/maker-checker';
import { useShellUser } from '../../../shell/shell-context';
import { useAdminExits, usePayoutStep, type AdminExit } from './api';
import { PayDialog, TextStepDialog } from './parts';

type Open = { kind: 'early' | 'pay' | 'reject'; exit: AdminExit } | null;

/** The exit queue: prepare the settlement, approve it (another admin), pay it with a proof. */
export function ExitRequestsPage() {
  const user = useShellUser();
  const exits = useAdminExits();
  const step = usePayoutStep('exits');
  const [open, setOpen] = useState<Open>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = (exit: AdminExit, name: 'settle' | 'approve', body?: object) => {
    setFailure(null);
    step.mutate(
      { id: exit.id, step: name, body },
      { onError: (error) => setFailure(getErrorMessage(error, 'It could not be done')) },
    );
  };

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <PageHeader
        title="Exit Requests"
        subtitle="Members leaving a pool: 90 days' notice, a settlement prepared by one admin and approved by another, then the payout."
      />
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {exits.isError ? (
        <RetryAlert onRetry={() => void exits.refetch()}>
          {getErrorMessage(exits.error, 'The exit requests could not be loaded')}
        </RetryAlert>
      ) : exits.isPending ? (
        <Skeleton variant="rounded" height={160} role="status" aria-label="Loading exit requests" />
      ) : exits.data.length === 0 ? (
        <Paper>
          <EmptyState icon={<ExitToAppOutlined />} title="No exit requests waiting" />
        </Paper>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Exit requests">
          {exits.data.map((exit) => {
            // Once approved, whoever approved it does not also mark it paid.
            const payRight =
              exit.status === 'approved' && exit.settlement
                ? getDecisionRight(
                    user,
                    payoutRecord(user.id, exit.approverIds, randAmountToCents(exit.settlement.payout)),
                    singleChecker(exitMessages.payByAnother),
                  )
                : null;
            const right = exit.settlement
              ? getDecisionRight(
                  user,
                  {
                    makerId: exit.settlement.preparedBy ?? '',
                    amountCents: randAmountToCents(exit.settlement.payout),
                    approverIds: exit.approverIds,
                  },
                  exit.approvalsNeeded > 1
                    ? { dualApprovalAboveCents: -1, makerMessage: exitMessages.preparedByYou }
                    : singleChecker(exitMessages.preparedByYou),
                )
              : null;
            const name = exit.member.fullName ?? exit.member.email;
            // The server refuses the settlement with the same words while any of these is undecided.
            const pending = (exit.pending ?? []).map((item) => item.description);
            const isWaiting = exit.status === 'requested' && pending.length > 0;
            return (
              <Paper component="li" key={exit.id} aria-label={`Exit of ${name}`} sx={{ p: 2 }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                  <Box>
                    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                      {name} · {exit.pool.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      Asked {formatAdminDate(exit.requestedAt)} · notice{' '}
                      {exit.isNoticeOver
                        ? 'has run'
                        : `runs ${exit.daysLeft} more days, to ${formatAdminDate(exit.noticeEndsOn)}`}
                    </Typography>
                  </Box>
                  <Chip
                    label={exit.statusLabel}
                    variant="outlined"
                    color={exit.status === 'approved' ? 'success' : 'warning'}
                    sx={{ fontWeight: 600 }}
                  />
                </Box>
                <Typography variant="body2" sx={{ mt: 1 }}>
                  “{exit.reason}”
                </Typography>
                {exit.settlement ? (
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    Capital {formatRandAmount(exit.settlement.capital)} + returns{' '}
                    {formatRandAmount(exit.settlement.returns)} − fee {formatRandAmount(exit.settlement.fee)} ={' '}
                    <strong>{formatRandAmount(exit.settlement.payout)}</strong>
                    {exit.settlement.valuedAt && ` (valued at the ${formatPeriod(exit.settlement.valuedAt)} month end)`}
                    {exit.settlement.isEarly && ` · early: ${exit.settlement.earlyReason}`}
                    {exit.approvalsNeeded > 1 && ` · ${exit.approverIds.length} of ${exit.approvalsNeeded} approvals`}
                  </Typography>
                ) : (
                  exit.estimate !== null && (
                    <Typography variant="body2" sx={{ mt: 1 }}>
                      Estimate today: {formatRandAmount(exit.estimate)}
                    </Typography>
                  )
                )}
                {pending.length > 0 && (
                  <Alert severity="warning" sx={{ mt: 1 }}>
                    {isWaiting ? exitMessages.pendingFirst(pending) : exitMessages.pendingOnPay(pending)}
                  </Alert>
                )}
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ mt: 1.5 }}
                  alignItems={{ sm: 'center' }}
                >
                  {exit.status === 'requested' && (
                    <Button
                      variant="contained"
                      disabled={step.isPending || isWaiting}
                      onClick={() => (exit.isNoticeOver ? run(exit, 'settle', {}) : setOpen({ kind: 'early', exit }))}
                    >
                      {exit.isNoticeOver ? 'Prepare settlement' : 'Prepare early settlement'}
                    </Button>
                  )}
                  {exit.status === 'settled' &&
                    right &&
                    (right.mayDecide ? (
                      <Button
                        variant="contained"
                        color="success"
                        disabled={step.isPending}
                        onClick={() => run(exit, 'approve')}
                      >
                        Approve settlement
                      </Button>
                    ) : (
                      <WaitingForChecker reason={right.reason} />
                    ))}
                  {exit.status === 'approved' &&
                    (payRight?.mayDecide ? (
                      <Button variant="contained" onClick={() => setOpen({ kind: 'pay', exit })}>
                        Mark paid
                      </Button>
                    ) : (
                      payRight && <WaitingForChecker reason={payRight.reason} />
                    ))}
                  {(exit.status === 'requested' || (exit.status === 'settled' && right?.mayDecide)) && (
                    <Button variant="outlined" color="error" onClick={() => setOpen({ kind: 'reject', exit })}>
                      Reject
                    </Button>
                  )}
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
      <TextStepDialog
        isOpen={open?.kind === 'early'}
        title="Prepare an early settlement"
        label="Why must this member be paid before the notice has run?"
        confirmLabel="Prepare settlement"
        onClose={() => setOpen(null)}
        onConfirm={(earlyReason) => step.mutateAsync({ id: open!.exit.id, step: 'settle', body: { earlyReason } })}
      />
      <PayDialog
        isOpen={open?.kind === 'pay'}
        title="Mark the exit paid"
        description={
          open?.exit.settlement
            ? `Pay ${formatRandAmount(open.exit.settlement.payout)} to ${open.exit.member.fullName ?? open.exit.member.email}'s payout account, then upload the bank's proof.`
            : ''
        }
        account={open?.exit.payoutAccount}
        memberName={open ? (open.exit.member.fullName ?? open.exit.member.email) : ''}
        onClose={() => setOpen(null)}
        onPay={(proofUrl) => step.mutateAsync({ id: open!.exit.id, step: 'pay', body: { proofUrl } })}
      />
      <RejectReasonDialog
        isOpen={open?.kind === 'reject'}
        title="Reject exit request"
        description={open ? `${open.exit.member.fullName ?? open.exit.member.email} is told the reason.` : ''}
        isPending={step.isPending}
        errorMessage={
          step.error && open?.kind === 'reject' ? getErrorMessage(step.error, 'It could not be rejected') : null
        }
        onClose={() => setOpen(null)}
        onConfirm={(reason) =>
          step.mutate({ id: open!.exit.id, step: 'reject', body: { reason } }, { onSuccess: () => setOpen(null) })
        }
      />
    </Box>
  );
}
