import type { MemberPayoutAccount, MembershipView } from '@letsema/domain';
import {
  EXIT_NOTICE_DAYS,
  formatRandAmount,
  formatUsableFrom,
  payoutAccountMessages,
  type RequestWithdrawalInput,
} from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { ActionDialog, ActionDialogButtons } from '../../../components/action-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { IdentityProofField } from '../../../components/identity-proof-field';
import { useCurrentUser } from '../../../lib/current-user';
import {
  confirmIdentity,
  identityProofKind,
  usePayoutAccount,
  type IdentityProofKind,
} from '../../../lib/payout-account';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { getErrorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { formatAdminDate } from '../../../lib/formatters';
import {
  useCancelExit,
  useCancelWithdrawal,
  useMyExits,
  useMyWithdrawals,
  useRequestExit,
  useRequestWithdrawal,
  type MyExit,
} from '../leaving-api';
import { TextInput } from '../../../components/text-input';

const withdrawalRules = lazyResolver(() => import('../form-rules').then((module) => module.withdrawalResolver));

const OPEN_EXIT = ['requested', 'settled', 'approved'];

/** How the member proves it is them, and their payout account: every payout request needs both. */
function usePayoutAsk() {
  const user = useCurrentUser();
  const account = usePayoutAccount();
  return {
    kind: user.data ? identityProofKind(user.data) : ('password' as IdentityProofKind),
    account: account.data ?? null,
    isLoaded: account.isSuccess,
  };
}

/** Where a payout goes: the member's payout account (last four digits), or how to add one. */
function PayoutAccountLine({ account, isLoaded }: { account: MemberPayoutAccount | null; isLoaded: boolean }) {
  if (!isLoaded) return null;
  if (!account) {
    return (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/profile" color="inherit" size="small">
            Add it
          </Button>
        }
      >
        {payoutAccountMessages.missing}
      </Alert>
    );
  }
  return (
    <Typography variant="body2">
      Paid into your payout account: <strong>{account.bankName}</strong> {account.accountNumber} (
      {account.accountHolder})
      {!account.isUsable && ` · it can receive payouts from ${formatUsableFrom(new Date(account.usableFrom))}`}
    </Typography>
  );
}

/** Leaving the pool (with 90 days' notice) and withdrawing allocated returns, for an approved member. */
export function LeavingSection({ membership }: { membership: MembershipView }) {
  const exits = useMyExits();
  const open = exits.data?.find((exit) => OPEN_EXIT.includes(exit.status) && exit.pool.id === membership.poolId);
  const last = exits.data?.find((exit) => exit.pool.id === membership.poolId);
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
      <Paper component="section" aria-label="Leaving the pool" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          Leaving the pool
        </Typography>
        {exits.isError && (
          <Alert severity="error">{getErrorMessage(exits.error, 'Your exit requests could not be loaded')}</Alert>
        )}
        {open ? (
          <ExitCountdown exit={open} />
        ) : (
          exits.isSuccess && <RequestExit poolId={membership.poolId} last={last} />
        )}
      </Paper>
      <WithdrawReturns />
    </Box>
  );
}

function RequestExit({ poolId, last }: { poolId: string; last: MyExit | undefined }) {
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [proof, setProof] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const request = useRequestExit();
  const ask = usePayoutAsk();
  const isPending = request.isPending || isConfirming;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        You can ask to leave at any time. The notice is {EXIT_NOTICE_DAYS} days from your request; then your capital and
        the returns allocated to you are paid out, once two admins have checked the settlement.
      </Typography>
      {last?.status === 'rejected' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Your last exit request was rejected: {last.rejectionReason}
        </Alert>
      )}
      <Box sx={{ mb: 2 }}>
        <PayoutAccountLine account={ask.account} isLoaded={ask.isLoaded} />
      </Box>
      <Button variant="outlined" color="error" disabled={!ask.account} onClick={() => setIsOpen(true)}>
        Request exit
      </Button>
      <ActionDialog
        isOpen={isOpen}
        title="Request exit"
        subtitle={`Your notice of ${EXIT_NOTICE_DAYS} days starts today. You can cancel it until you are paid.`}
        isPending={isPending}
        onClose={() => setIsOpen(false)}
        onExited={() => {
          setReason('');
          setProof('');
          setProblem(null);
          setFailure(null);
          request.reset();
        }}
      >
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <PayoutAccountLine account={ask.account} isLoaded={ask.isLoaded} />
          <TextInput
            label="Why are you leaving?"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={3}
            required
            error={Boolean(problem)}
            helperText={problem ?? ' '}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <IdentityProofField kind={ask.kind} value={proof} onChange={setProof} />
        </DialogContent>
        <ActionDialogButtons
          label="Request exit"
          pendingLabel="Sending…"
          color="error"
          isPending={isPending}
          isDisabled={!ask.account}
          onCancel={() => setIsOpen(false)}
          onConfirm={() =>
            void (async () => {
              // The rules (zod and the server's schema) are fetched on the first request, not with the page.
              const { checkExitRequest } = await import('../form-rules');
              const checked = checkExitRequest({ poolId, reason });
              if (!checked.ok) {
                setProblem(checked.problem);
                return;
              }
              setProblem(null);
              setFailure(null);
              setIsConfirming(true);
              try {
                await confirmIdentity(ask.kind, proof);
                await request.mutateAsync(checked.body);
                setIsOpen(false);
              } catch (error) {
                setFailure(getErrorMessage(error, 'The request could not be sent'));
              } finally {
                setIsConfirming(false);
              }
            })()
          }
        />
      </ActionDialog>
    </>
  );
}

function ExitCountdown({ exit }: { exit: MyExit }) {
  const cancel = useCancelExit();
  const [isConfirming, setIsConfirming] = useState(false);
  const elapsed = EXIT_NOTICE_DAYS - exit.daysLeft;
  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip label={exit.statusLabel} color="warning" variant="outlined" sx={{ fontWeight: 600 }} />
        <Typography variant="body2" color="text.secondary">
          Asked on {formatAdminDate(exit.requestedAt)}
        </Typography>
      </Box>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {exit.isNoticeOver
          ? 'Your notice has run'
          : `${exit.daysLeft} ${exit.daysLeft === 1 ? 'day' : 'days'} of notice left`}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={(elapsed / EXIT_NOTICE_DAYS) * 100}
        aria-label={`Notice period: ${elapsed} of ${EXIT_NOTICE_DAYS} days`}
        sx={{ height: 10, borderRadius: 5 }}
      />
      <Typography variant="body2">
        Earliest payout: <strong>{formatAdminDate(`${exit.noticeEndsOn}T12:00:00+02:00`)}</strong>
      </Typography>
      {exit.estimate !== null && (
        <Typography variant="body2">
          {exit.status === 'requested' ? 'Estimated payout' : 'Payout'}:{' '}
          <strong>{formatRandAmount(exit.estimate)}</strong>
          {exit.status === 'requested' && ' (your capital and the returns allocated to you so far)'}
        </Typography>
      )}
      {cancel.error && (
        <Alert severity="error">{getErrorMessage(cancel.error, 'The exit could not be cancelled')}</Alert>
      )}
      {isConfirming ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="contained" color="error" disabled={cancel.isPending} onClick={() => cancel.mutate(exit.id)}>
            {cancel.isPending ? 'Cancelling…' : 'Yes, stay in the pool'}
          </Button>
          <Button color="inherit" disabled={cancel.isPending} onClick={() => setIsConfirming(false)}>
            Keep my request
          </Button>
        </Stack>
      ) : (
        <Box>
          <Button variant="text" onClick={() => setIsConfirming(true)}>
            Cancel exit request
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function WithdrawReturns() {
  const withdrawals = useMyWithdrawals();
  const cancel = useCancelWithdrawal();
  const [isOpen, setIsOpen] = useState(false);
  const data = withdrawals.data;
  if (withdrawals.isError) {
    return <Alert severity="error">{getErrorMessage(withdrawals.error, 'Your withdrawals could not be loaded')}</Alert>;
  }
  if (!data || !data.isOffered) return null;
  return (
    <Paper component="section" aria-label="Withdraw returns" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Withdraw returns
      </Typography>
      <Typography variant="body2" color="text.secondary">
        You can take out the returns allocated to you; your capital stays invested.
      </Typography>
      <Typography variant="body1" sx={{ my: 1.5 }}>
        Available: <strong>{formatRandAmount(data.available)}</strong>
      </Typography>
      <Button variant="outlined" disabled={data.available <= 0 || !data.poolId} onClick={() => setIsOpen(true)}>
        Withdraw returns
      </Button>
      {data.items.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }} aria-label="Your withdrawals">
          {data.items.map((item) => (
            <Box component="li" key={item.id} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {formatRandAmount(item.amount)} to {item.bank.bankName} …{item.bank.accountNumber.slice(-4)}
                </Typography>
                <Typography variant="body2">{item.statusLabel}</Typography>
              </Box>
              {item.rejectionReason && (
                <Typography variant="body2" color="error">
                  {item.rejectionReason}
                </Typography>
              )}
              {(item.status === 'requested' || item.status === 'approved') && (
                <Button size="small" disabled={cancel.isPending} onClick={() => cancel.mutate(item.id)}>
                  Cancel withdrawal
                </Button>
              )}
            </Box>
          ))}
        </Stack>
      )}
      {data.poolId && (
        <WithdrawDialog
          isOpen={isOpen}
          poolId={data.poolId}
          available={data.available}
          onClose={() => setIsOpen(false)}
        />
      )}
    </Paper>
  );
}

function WithdrawDialog({
  isOpen,
  poolId,
  available,
  onClose,
}: {
  isOpen: boolean;
  poolId: string;
  available: number;
  onClose: () => void;
}) {
  const request = useRequestWithdrawal();
  const ask = usePayoutAsk();
  const [proof, setProof] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset } = useForm<RequestWithdrawalInput>({
    resolver: withdrawalRules.resolver as never,
    defaultValues: { poolId, amount: '' },
  });
  const isPending = request.isPending || isConfirming;
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    setIsConfirming(true);
    try {
      // The member proves it is them first; the server converts the amount itself.
      await confirmIdentity(ask.kind, proof);
      await request.mutateAsync({ ...values, poolId });
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, setError, ['amount']);
      setFailure(getErrorMessage(error, 'The withdrawal could not be requested'));
    } finally {
      setIsConfirming(false);
    }
  });
  return (
    <ActionDialog
      isOpen={isOpen}
      title="Withdraw returns"
      subtitle={`Up to ${formatRandAmount(available)}, paid into your payout account once an admin approves it.`}
      isPending={isPending}
      onClose={onClose}
      onExited={() => {
        reset();
        setProof('');
        setFailure(null);
      }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        onInput={withdrawalRules.preload}
        onPointerDown={withdrawalRules.preload}
      >
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <PayoutAccountLine account={ask.account} isLoaded={ask.isLoaded} />
          <FormTextField
            control={control}
            name="amount"
            label="Amount (R)"
            required
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 15 } }}
          />
          <IdentityProofField kind={ask.kind} value={proof} onChange={setProof} />
        </DialogContent>
        <ActionDialogButtons
          label="Ask to withdraw"
          pendingLabel="Sending…"
          isPending={isPending}
          isDisabled={!ask.account}
          onCancel={onClose}
        />
      </Box>
    </ActionDialog>
  );
}
