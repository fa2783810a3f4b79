import type { LoanSummary, LoanWaiver } from '@letsema/domain';
import { formatRandAmount } from '@letsema/domain';
import DoneAll from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { RetryAlert } from '../../../components/retry-alert';
import { WaitingForChecker } from '../../../components/waiting-for-checker';
import { getErrorMessage } from '../../../lib/api-client';
import { formatAdminDate } from '../../../lib/formatters';
import { useShellUser } from '../../../shell/shell-context';
import { useLoansInState, usePendingWaivers } from './api';
import { getLoanActionPlan, getWaiverRight } from './loan-rules';
import { LoanStatusChip } from './loans-overview';

/** What waits for a loan admin: loans to approve, loans to pay out, penalty waivers to agree to. */
export function DecisionsSection() {
  const user = useShellUser();
  const pending = useLoansInState('pending');
  const approved = useLoansInState('approved');
  const waivers = usePendingWaivers();

  return (
    <Stack spacing={3}>
      <Queue
        id="to-approve"
        title="Waiting for approval"
        query={pending}
        loadingLabel="Loading loans waiting for approval"
        emptyTitle="No loan waiting for approval"
        render={(loan: LoanSummary) => {
          const plan = getLoanActionPlan(user, loan);
          const right = plan.approve;
          return (
            <LoanItem
              loan={loan}
              extra={
                loan.approvalsNeeded > 1 ? `${loan.approverIds.length} of ${loan.approvalsNeeded} approvals` : null
              }
              blocked={right && !right.mayDecide ? right.reason : null}
              actionLabel="Review"
            />
          );
        }}
      />
      <Queue
        id="to-pay-out"
        title="To be paid out"
        query={approved}
        loadingLabel="Loading loans to pay out"
        emptyTitle="No approved loan waiting for its payout"
        render={(loan: LoanSummary) => {
          const right = getLoanActionPlan(user, loan).disburse;
          return (
            <LoanItem
              loan={loan}
              extra={loan.approvedAt ? `Approved ${formatAdminDate(loan.approvedAt)}` : null}
              blocked={right && !right.mayDecide ? right.reason : null}
              actionLabel="Review"
            />
          );
        }}
      />
      <Queue
        id="waivers"
        title="Penalty waivers to agree to"
        query={waivers}
        loadingLabel="Loading penalty waivers"
        emptyTitle="No penalty waiver waiting"
        render={(waiver: LoanWaiver) => {
          const right = getWaiverRight(user, waiver, null);
          return (
            <Box sx={{ display: 'grid', gap: 0.5 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                {waiver.loanNumber} · instalment {waiver.instalmentNumber} · {formatRandAmount(waiver.amount)}
              </Typography>
              <Typography variant="body2">“{waiver.reason}”</Typography>
              <Typography variant="body2" color="text.secondary">
                Asked {formatAdminDate(waiver.createdAt)}
              </Typography>
              <Box sx={{ mt: 1 }}>
                {right.mayDecide ? (
                  <Button
                    variant="outlined"
                    component={RouterLink}
                    to={`/admin/loans/${waiver.loanId}`}
                    aria-label={`Review the waiver on ${waiver.loanNumber}`}
                  >
                    Review
                  </Button>
                ) : (
                  <WaitingForChecker reason={right.reason} />
                )}
              </Box>
            </Box>
          );
        }}
      />
    </Stack>
  );
}

function Queue<T extends { id: string }>({
  id,
  title,
  query,
  loadingLabel,
  emptyTitle,
  render,
}: {
  id: string;
  title: string;
  query: UseQueryResult<T[]>;
  loadingLabel: string;
  emptyTitle: string;
  render: (item: T) => ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 700, mb: 1.5 }}>
        {title}
        {query.data && query.data.length > 0 ? ` (${query.data.length})` : ''}
      </Typography>
      {query.isError ? (
        <RetryAlert onRetry={() => void query.refetch()}>
          {getErrorMessage(query.error, 'This list could not be loaded')}
        </RetryAlert>
      ) : query.isPending ? (
        <Skeleton variant="rounded" height={120} role="status" aria-label={loadingLabel} />
      ) : query.data.length === 0 ? (
        <Paper>
          <EmptyState icon={<DoneAll />} title={emptyTitle} />
        </Paper>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-labelledby={titleId}>
          {query.data.map((item) => (
            <Paper component="li" key={item.id} sx={{ p: 2 }}>
              {render(item)}
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function LoanItem({
  loan,
  extra,
  blocked,
  actionLabel,
}: {
  loan: LoanSummary;
  extra: string | null;
  blocked: string | null;
  actionLabel: string;
}) {
  const name = loan.member.fullName ?? loan.member.email ?? 'Member';
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {loan.number} · {name} · {formatRandAmount(loan.amount)}
        </Typography>
        <LoanStatusChip loan={loan} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {loan.typeLabel} · {loan.termMonths} months at {loan.annualRatePercent}% · applied{' '}
        {formatAdminDate(loan.createdAt)}
        {loan.guarantor ? ` · guarantor ${loan.guarantor.fullName ?? ''} (${loan.guarantor.statusLabel})` : ''}
        {extra ? ` · ${extra}` : ''}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 1 }} alignItems={{ sm: 'center' }}>
        <Button
          variant="contained"
          component={RouterLink}
          to={`/admin/loans/${loan.id}`}
          aria-label={`${actionLabel} ${loan.number}`}
          sx={{ alignSelf: 'flex-start' }}
        >
          {actionLabel}
        </Button>
        {blocked && <WaitingForChecker reason={blocked} />}
      </Stack>
    </Box>
  );
}
