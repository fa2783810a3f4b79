import {
  dayOf,
  describeAuditAction,
  describeAuditOutcome,
  formatRandAmount,
  loanStatusLabels,
  memberStatusBody,
} from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ActionDialog, ActionDialogButtons } from '../../../components/action-dialog';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { MembershipStatusChip, PaymentStatusChip, RegistrationStatusChip } from '../../../components/status-chips';
import { getErrorMessage } from '../../../lib/api-client';
import { formatAdminDate, formatAdminDateTime } from '../../../lib/formatters';
import { useBooksDay } from '../../../lib/books-clock';
import { AssistedResetSection } from './components/assisted-reset-section';
import { useMemberPage, useMemberStatement, useSetMemberStatus } from './directory-api';

/** One member: their holdings, payments, loans, exits and withdrawals, statement, the trail of decisions, and suspension. */
export function MemberPage() {
  const { userId = '' } = useParams();
  const member = useMemberPage(userId);
  // The statement's year ends on the books' day, which the server checks it against.
  const today = useBooksDay();
  const statement = useMemberStatement(userId);
  const [isChanging, setIsChanging] = useState(false);

  if (member.isError) {
    return (
      <RetryAlert onRetry={() => void member.refetch()}>
        {getErrorMessage(member.error, 'The member could not be loaded')}
      </RetryAlert>
    );
  }
  if (member.isPending)
    return <Skeleton variant="rounded" height={320} role="status" aria-label="Loading the member" />;
  const data = member.data;
  const isSuspended = data.accountStatus === 'suspended';
  const yearAgo = dayOf(new Date(Date.parse(`${today}T12:00:00Z`) - 365 * 24 * 60 * 60 * 1000));

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <PageHeader
        title={data.fullName ?? data.email}
        subtitle={`${data.email}${data.phoneNumber ? ` · ${data.phoneNumber}` : ''} · joined ${formatAdminDate(data.createdAt)}`}
        actions={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" component={RouterLink} to={`/admin/members/pending/${data.id}`}>
              Documents and next of kin
            </Button>
            <Button
              variant="outlined"
              disabled={statement.isPending}
              onClick={() => statement.mutate({ from: yearAgo, to: today })}
            >
              {statement.isPending ? 'Preparing…' : 'Statement (last 12 months)'}
            </Button>
            <Button variant="contained" color={isSuspended ? 'primary' : 'error'} onClick={() => setIsChanging(true)}>
              {isSuspended ? 'Reactivate' : 'Suspend'}
            </Button>
          </Stack>
        }
      />
      {statement.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {getErrorMessage(statement.error, 'The statement could not be made')}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mb: 2 }} alignItems="center">
        <RegistrationStatusChip status={data.registrationStatus} />
        {isSuspended && (
          <Typography variant="body2" sx={{ color: '#A3000F', fontWeight: 700 }}>
            Account suspended
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          E-mail {data.emailVerifiedAt ? 'verified' : 'not verified'}
        </Typography>
      </Stack>
      <Stack spacing={2}>
        <Section title="Memberships">
          {data.memberships.length === 0 ? (
            <Typography variant="body2">No memberships.</Typography>
          ) : (
            data.memberships.map((m) => (
              <Box
                key={m.id}
                sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap', py: 0.5 }}
              >
                <Typography variant="body2">
                  <strong>{m.pool}</strong> · {m.shares} shares · paid {formatRandAmount(m.totalPaid)} of{' '}
                  {formatRandAmount(m.totalCommitment)} · returns {formatRandAmount(m.returns)} (paid out{' '}
                  {formatRandAmount(m.returnsPaid)})
                </Typography>
                <MembershipStatusChip status={m.status} />
              </Box>
            ))
          )}
        </Section>
        <Section title="Payments">
          {data.payments.length === 0 ? (
            <Typography variant="body2">No payments.</Typography>
          ) : (
            data.payments.map((p) => (
              <Box key={p.id} sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', py: 0.5 }}>
                <Typography variant="body2">
                  {formatAdminDate(p.createdAt)} · {formatRandAmount(p.amount)}
                </Typography>
                <PaymentStatusChip status={p.status} />
              </Box>
            ))
          )}
        </Section>
        {data.loans.length > 0 && (
          <Section title="Loans">
            {data.loans.map((l) => (
              <Typography key={l.id} variant="body2">
                Loan {l.number} of {formatRandAmount(l.amount)} asked {formatAdminDate(l.createdAt)}:{' '}
                {loanStatusLabels[l.status]}
              </Typography>
            ))}
          </Section>
        )}
        {(data.exits.length > 0 || data.withdrawals.length > 0) && (
          <Section title="Exits and withdrawals">
            {data.exits.map((e) => (
              <Typography key={e.id} variant="body2">
                Exit asked {formatAdminDate(e.createdAt)}, notice to {formatAdminDate(e.noticeEndsOn)}: {e.status}
              </Typography>
            ))}
            {data.withdrawals.map((w) => (
              <Typography key={w.id} variant="body2">
                Withdrawal of {formatRandAmount(w.amount)} asked {formatAdminDate(w.createdAt)}: {w.status}
              </Typography>
            ))}
          </Section>
        )}
        {!isSuspended && (
          <Section title="Assisted password reset">
            <AssistedResetSection userId={data.id} />
          </Section>
        )}
        <Section title="Audit trail">
          {data.auditTrail.length === 0 ? (
            <Typography variant="body2">Nothing recorded yet.</Typography>
          ) : (
            <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {data.auditTrail.map((row) => (
                <Typography component="li" key={row.id} variant="body2" sx={{ py: 0.25 }}>
                  {formatAdminDateTime(row.createdAt)} · {describeAuditAction(row.action)}
                  {row.actor ? ` by ${row.actor}` : ''}
                  {describeAuditOutcome(row.outcome)}
                </Typography>
              ))}
            </Stack>
          )}
        </Section>
      </Stack>
      <StatusDialog
        userId={data.id}
        isSuspended={isSuspended}
        isOpen={isChanging}
        onClose={() => setIsChanging(false)}
      />
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function StatusDialog({
  userId,
  isSuspended,
  isOpen,
  onClose,
}: {
  userId: string;
  isSuspended: boolean;
  isOpen: boolean;
  onClose: () => void;
}) {
  const change = useSetMemberStatus(userId);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const label = isSuspended ? 'Reactivate' : 'Suspend';
  return (
    <ActionDialog
      isOpen={isOpen}
      title={`${label} this member`}
      subtitle={
        isSuspended
          ? 'They can sign in again.'
          : 'Their sessions end at once and they cannot sign in until reactivated.'
      }
      isPending={change.isPending}
      onClose={onClose}
      onExited={() => {
        setReason('');
        setProblem(null);
        change.reset();
      }}
    >
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {change.error && <Alert severity="error">{getErrorMessage(change.error, 'It could not be changed')}</Alert>}
        <TextField
          label="Reason (the member is told it)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={2}
          error={Boolean(problem)}
          helperText={problem ?? ' '}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </DialogContent>
      <ActionDialogButtons
        label={label}
        pendingLabel="Saving…"
        color={isSuspended ? 'primary' : 'error'}
        isPending={change.isPending}
        onCancel={onClose}
        onConfirm={() => {
          const parsed = memberStatusBody.safeParse({ reason });
          if (!parsed.success) {
            setProblem(parsed.error.issues[0]?.message ?? null);
            return;
          }
          setProblem(null);
          change.mutate(
            { status: isSuspended ? 'reactivate' : 'suspend', reason: parsed.data.reason },
            { onSuccess: onClose },
          );
        }}
      />
    </ActionDialog>
  );
}
