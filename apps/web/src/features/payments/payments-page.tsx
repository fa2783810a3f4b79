import type { MembershipView } from '@letsema/domain';
import { formatRand, formatRandAmount } from '@letsema/domain';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import HourglassTop from '@mui/icons-material/HourglassTop';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PaymentList } from '../../components/payment-list';
import { getErrorMessage } from '../../lib/api-client';
import { getPaymentProgress } from '../../lib/investing';
import { useSuccessMessage } from '../../lib/use-success-message';
import { useShellUser } from '../../shell/shell-context';
import { useCreatePayment, useMyMembership, usePaymentHistory } from './api';
import { PayToCard } from '../../components/pay-to-card';
import { PaymentForm } from './components/payment-form';
import { usePaymentDetails } from '../../lib/payment-details';
import { getCoveredCents } from './payment-rules';
import { RetryAlert } from '../../components/retry-alert';

export function PaymentsPage() {
  const membership = useMyMembership();
  const history = usePaymentHistory();
  const createPayment = useCreatePayment();
  const notice = useSuccessMessage();

  const payments = history.data?.pages.flat() ?? [];
  const current = membership.data ?? null;

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <PageHeader title="Payments" subtitle="Pay your instalments and follow their approval." />

      {notice.message && (
        <Alert severity="success" sx={{ mb: 3 }} onClose={notice.clear}>
          {notice.message}
        </Alert>
      )}

      {membership.isError && (
        <RetryAlert sx={{ mb: 3 }} onRetry={() => void membership.refetch()}>
          {getErrorMessage(membership.error, 'Failed to load data')}
        </RetryAlert>
      )}

      <Stack spacing={3}>
        {membership.isPending && <Skeleton variant="rounded" height={360} sx={{ borderRadius: 3 }} />}

        {membership.isSuccess &&
          (current?.contributionStatus === 'approved' && history.isSuccess ? (
            <PayOrExplain
              membership={current}
              coveredCents={getCoveredCents(current, payments)}
              submitError={createPayment.error}
              onSubmit={async (body) => {
                await createPayment.mutateAsync(body);
                notice.show(
                  `Payment of ${formatRandAmount(body.amount)} submitted. An admin will check your proof of payment.`,
                );
              }}
            />
          ) : current?.contributionStatus === 'approved' ? (
            history.isPending && <Skeleton variant="rounded" height={360} sx={{ borderRadius: 3 }} />
          ) : (
            <NotApproved membership={current} />
          ))}

        <Paper component="section" aria-labelledby="payment-history-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography id="payment-history-title" variant="h4" component="h2" sx={{ mb: 1 }}>
            Payment history
          </Typography>
          {history.isPending && <HistorySkeleton />}
          {history.isError && (
            <RetryAlert sx={{ mt: 1 }} onRetry={() => void history.refetch()}>
              {getErrorMessage(history.error, 'Failed to load transactions')}
            </RetryAlert>
          )}
          {history.isSuccess && payments.length === 0 && (
            <EmptyState
              icon={<ReceiptLongOutlined />}
              title="No payments yet"
              text="Your payments appear here once you submit them, with their approval status."
            />
          )}
          {payments.length > 0 && <PaymentList payments={payments} label="Payment history" />}
          {history.hasNextPage && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1 }}>
              <Button
                variant="outlined"
                onClick={() => void history.fetchNextPage()}
                disabled={history.isFetchingNextPage}
              >
                {history.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </Box>
          )}
        </Paper>
      </Stack>
    </Box>
  );
}

/** The form while something is still owed; otherwise why there is nothing to pay. */
function PayOrExplain({
  membership,
  coveredCents,
  submitError,
  onSubmit,
}: {
  membership: MembershipView;
  coveredCents: number;
  submitError: unknown;
  onSubmit: Parameters<typeof PaymentForm>[0]['onSubmit'];
}) {
  const progress = getPaymentProgress(membership);
  const user = useShellUser();
  // Where to pay by EFT or deposit, once the cooperative has given its account.
  const payTo = usePaymentDetails();
  if (progress.isFullyPaid) {
    return (
      <Paper>
        <EmptyState
          icon={<EmojiEventsOutlined />}
          title="Your commitment is fully paid"
          text={`Congratulations! You have paid all ${formatRand(progress.commitmentCents)} of your commitment to ${
            membership.pool?.name ?? 'the pool'
          }.`}
        />
      </Paper>
    );
  }
  if (coveredCents >= progress.commitmentCents) {
    return (
      <Paper>
        <EmptyState
          icon={<HourglassTop />}
          title="Your remaining payments are waiting for approval"
          text="Together with the payments waiting for an admin, your commitment is covered. Nothing more is due."
        />
      </Paper>
    );
  }
  // Keyed by what is covered, so after each payment the form starts again with the next instalment.
  return (
    <>
      {payTo.data && <PayToCard details={payTo.data} member={user} />}
      <PaymentForm
        key={`${membership.id}:${coveredCents}`}
        membership={membership}
        coveredCents={coveredCents}
        submitError={submitError}
        onSubmit={onSubmit}
      />
    </>
  );
}

/** Why a member cannot pay yet, and where to go next. */
function NotApproved({ membership }: { membership: MembershipView | null }) {
  const toInvestments = (label: string) => (
    <Button component={RouterLink} to="/investments" variant="contained">
      {label}
    </Button>
  );
  if (!membership) {
    return (
      <Paper>
        <EmptyState
          icon={<AccountBalanceWalletOutlined />}
          title="You have not joined a pool yet"
          text="Payments open once you have joined the pool and an admin has approved your membership."
          action={toInvestments('Start Investing')}
        />
      </Paper>
    );
  }
  if (membership.contributionStatus === 'pending') {
    return (
      <Paper>
        <EmptyState
          icon={<HourglassTop />}
          title="Your pool membership request is pending admin approval"
          text="You can make payments as soon as an admin approves your membership. We will let you know."
        />
      </Paper>
    );
  }
  return (
    <Paper>
      <EmptyState
        icon={<AccountBalanceWalletOutlined />}
        title="Your membership request was not approved"
        text={
          membership.rejectionReason
            ? `Reason: ${membership.rejectionReason}. You can send a new request to join the pool.`
            : 'You can send a new request to join the pool.'
        }
        action={toInvestments('Go to My Investments')}
      />
    </Paper>
  );
}

function HistorySkeleton() {
  return (
    <Box role="status" aria-label="Loading payments">
      {[0, 1, 2].map((index) => (
        <Box key={index} sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5 }}>
          <Skeleton variant="circular" width={40} height={40} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton width="40%" />
            <Skeleton width="65%" />
          </Box>
          <Skeleton width={80} />
        </Box>
      ))}
    </Box>
  );
}
