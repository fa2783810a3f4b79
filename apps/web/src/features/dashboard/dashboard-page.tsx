import { formatRand, formatRandAmount, frequencyLabels, type PaymentFrequency } from '@letsema/domain';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import TrendingUp from '@mui/icons-material/TrendingUp';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Figure } from '../../components/figure';
import { MembershipStatusChip, RegistrationStatusChip } from '../../components/status-chips';
import { getErrorMessage } from '../../lib/api-client';
import { formatPercent, getPaymentProgress, type MembershipView } from '../../lib/investing';
import { useShellUser } from '../../shell/shell-context';
import { useMonthlyHolding, useMyMembership } from './api';
import { MonthChart } from '../../components/month-chart';
import { getDashboardBanners, getWelcomeName, type DashboardBanner } from './dashboard-rules';
import { RetryAlert } from '../../components/retry-alert';

export function DashboardPage() {
  const user = useShellUser();
  const membership = useMyMembership();
  const current = membership.data ?? null;
  const isApproved = current?.contributionStatus === 'approved';
  const banners = membership.isSuccess ? getDashboardBanners(user.registrationStatus, current) : [];

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
          Welcome back, {getWelcomeName(user)}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Here is how your investment is doing.
        </Typography>
      </Box>

      {membership.isError && (
        <RetryAlert sx={{ mb: 3 }} onRetry={() => void membership.refetch()}>
          {getErrorMessage(membership.error, 'Failed to load data')}
        </RetryAlert>
      )}

      {banners.map((banner) => (
        <Banner key={banner.key} banner={banner} />
      ))}

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mb: 3,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <StatCard
          label="Total Invested"
          icon={<AccountBalanceWalletOutlined />}
          tint="rgba(0, 122, 255, 0.1)"
          color="primary.main"
          value={membership.isPending ? null : formatRandAmount(isApproved ? current.totalPaid : 0)}
        />
        <StatCard
          label="Total Profits"
          icon={<TrendingUp />}
          tint="rgba(52, 199, 89, 0.14)"
          color="#248A3D"
          value={membership.isPending ? null : formatRandAmount(isApproved ? current.actualReturn : 0)}
        />
        <Paper sx={{ p: { xs: 2, sm: 2.5 }, gridColumn: { xs: 'span 2', md: 'auto' } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <StatIcon icon={<VerifiedUserOutlined />} tint="rgba(88, 86, 214, 0.12)" color="secondary.main" />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500, mb: 0.5 }}>
                Account Status
              </Typography>
              <RegistrationStatusChip status={user.registrationStatus} />
            </Box>
          </Box>
        </Paper>
      </Box>

      {membership.isPending && <Skeleton variant="rounded" height={240} sx={{ borderRadius: 3 }} />}
      {membership.isSuccess &&
        (current && current.contributionStatus !== 'rejected' && current.contributionStatus !== 'exited' ? (
          <InvestmentCard membership={current} />
        ) : (
          <StartInvestingCard />
        ))}
      {isApproved && <HoldingChart />}
    </Box>
  );
}

/** The member's capital and returns at each month end, from their statement lines. */
function HoldingChart() {
  const monthly = useMonthlyHolding(true);
  if (monthly.isError) {
    return (
      <RetryAlert sx={{ mt: 3 }} onRetry={() => void monthly.refetch()}>
        {getErrorMessage(monthly.error, 'Your monthly figures could not be loaded')}
      </RetryAlert>
    );
  }
  if (!monthly.data) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <MonthChart
        title="Your capital and returns at each month end"
        periods={monthly.data.map((row) => row.period)}
        series={[
          { label: 'Capital', values: monthly.data.map((row) => row.capital), colour: '#0066D6', type: 'bar' },
          { label: 'Returns', values: monthly.data.map((row) => row.returns), colour: '#1F7A35', type: 'line' },
        ]}
      />
    </Box>
  );
}

function Banner({ banner }: { banner: DashboardBanner }) {
  const action =
    banner.key === 'complete-kyc' ? (
      <Button color="inherit" size="small" component={RouterLink} to="/complete-registration">
        Continue
      </Button>
    ) : banner.key === 'ready' ? (
      <Button color="inherit" size="small" component={RouterLink} to="/investments">
        Join the pool
      </Button>
    ) : undefined;
  return (
    <Alert severity={banner.severity} sx={{ mb: 2, alignItems: 'center' }} action={action}>
      {banner.text}
    </Alert>
  );
}

function StatIcon({ icon, tint, color }: { icon: ReactNode; tint: string; color: string }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 44,
        height: 44,
        borderRadius: 2.5,
        bgcolor: tint,
        color,
        display: { xs: 'none', sm: 'flex' },
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
      }}
    >
      {icon}
    </Box>
  );
}

function StatCard({
  label,
  value,
  icon,
  tint,
  color,
}: {
  label: string;
  value: string | null;
  icon: ReactNode;
  tint: string;
  color: string;
}) {
  return (
    <Paper component="section" aria-label={label} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <StatIcon icon={icon} tint={tint} color={color} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
            {label}
          </Typography>
          <Typography sx={{ fontWeight: 700, fontSize: { xs: '1.25rem', sm: '1.5rem' }, overflowWrap: 'anywhere' }}>
            {value ?? <Skeleton width={100} />}
          </Typography>
        </Box>
      </Box>
    </Paper>
  );
}

/** The membership with its payment progress, and the way to pay the next instalment. */
function InvestmentCard({ membership }: { membership: MembershipView }) {
  const progress = getPaymentProgress(membership);
  const isApproved = membership.contributionStatus === 'approved';
  const planLabel = frequencyLabels[membership.installmentPlan as PaymentFrequency] ?? membership.installmentPlan;
  return (
    <Paper component="section" aria-label="My investment" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            My investment
          </Typography>
          <Typography variant="h4" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {membership.pool?.name ?? 'Investment pool'}
          </Typography>
        </Box>
        <MembershipStatusChip status={membership.contributionStatus} size="medium" />
      </Box>

      <Box sx={{ mt: 3 }}>
        <Box
          sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}
        >
          <Typography sx={{ fontWeight: 600 }}>
            {formatRandAmount(membership.totalPaid)} paid of {formatRandAmount(membership.totalCommitment)}
          </Typography>
          <Typography color="text.secondary" sx={{ fontWeight: 600 }}>
            {formatPercent(progress.percent)}
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={progress.percent}
          color={progress.isFullyPaid ? 'success' : 'primary'}
          aria-label={`Payment progress ${formatPercent(progress.percent)}`}
          sx={{ height: 12, borderRadius: 6, mt: 1 }}
        />
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mt: 3,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <Figure label="Shares" value={membership.numberOfShares} />
        <Figure label="Instalment" value={`${formatRandAmount(membership.contributionAmount)} ${planLabel}`} />
        <Figure label="Still to pay" value={formatRand(progress.remainingCents)} />
      </Box>

      {progress.isFullyPaid ? (
        <Alert severity="success" icon={<EmojiEventsOutlined />} sx={{ mt: 3 }}>
          Congratulations! You have fully paid your commitment of {formatRandAmount(membership.totalCommitment)}.
        </Alert>
      ) : isApproved ? (
        <Button
          component={RouterLink}
          to="/payments"
          variant="contained"
          startIcon={<PaymentsOutlined />}
          sx={{ mt: 3, width: { xs: '100%', sm: 'auto' } }}
        >
          Make Payment
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          You can make payments once an admin approves your request.
        </Typography>
      )}
    </Paper>
  );
}

function StartInvestingCard() {
  return (
    <Paper
      component="section"
      aria-label="Start investing"
      sx={{
        p: { xs: 3, sm: 4 },
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'flex-start', sm: 'center' },
        gap: 3,
        background: 'linear-gradient(135deg, rgba(0, 122, 255, 0.08), rgba(88, 86, 214, 0.08))',
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 64,
          height: 64,
          borderRadius: 3,
          bgcolor: 'primary.main',
          color: '#fff',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          flexShrink: 0,
          '& svg': { fontSize: 32 },
        }}
      >
        <RocketLaunchOutlined />
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="h4" component="h2">
          Start investing
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Buy shares in the cooperative&apos;s pool and pay for them in instalments that suit you.
        </Typography>
      </Box>
      <Button
        component={RouterLink}
        to="/investments"
        variant="contained"
        size="large"
        sx={{ flexShrink: 0, width: { xs: '100%', sm: 'auto' } }}
      >
        Start Investing
      </Button>
    </Paper>
  );
}
