import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { getErrorMessage } from '../../lib/api-client';
import { useFirstPool, useMyMembership, type JoinablePool } from './api';
import { JoinPoolForm } from './components/join-pool-form';
import { ContributionCalendarSection } from './components/contribution-calendar-section';
import { LeavingSection } from './components/leaving-section';
import { MembershipCard } from './components/membership-card';
import { PoolSummaryCard } from './components/pool-summary-card';

export function InvestmentsPage() {
  const membership = useMyMembership();
  const firstPool = useFirstPool();
  const failed = membership.isError ? membership : firstPool.isError ? firstPool : null;
  const isLoading = membership.isPending || firstPool.isPending;
  const current = membership.data ?? null;
  // A rejected request may be followed by a new one; a pending or approved one may not.
  const canJoin =
    membership.isSuccess &&
    (current === null || current.contributionStatus === 'rejected' || current.contributionStatus === 'exited');

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <PageHeader title="My Investments" subtitle="Buy shares in the cooperative's pool and follow your membership." />

      {failed && (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                void membership.refetch();
                void firstPool.refetch();
              }}
            >
              Retry
            </Button>
          }
        >
          {getErrorMessage(failed.error, 'Failed to load data')}
        </Alert>
      )}

      {isLoading && !failed && <LoadingState />}

      <Stack spacing={3}>
        {current && <MembershipCard membership={current} />}
        {(current?.contributionStatus === 'approved' || current?.contributionStatus === 'pending') && (
          <ContributionCalendarSection />
        )}
        {current?.contributionStatus === 'approved' && <LeavingSection membership={current} />}
        {canJoin && firstPool.isSuccess && <JoinSection pool={firstPool.data} />}
      </Stack>
    </Box>
  );
}

function JoinSection({ pool }: { pool: JoinablePool | null }) {
  if (!pool) {
    return (
      <Paper>
        <EmptyState
          icon={<SearchOffOutlined />}
          title="No investment pool found"
          text="There is no pool open for joining at the moment. Please check again later."
        />
      </Paper>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
      }}
    >
      <PoolSummaryCard pool={pool} />
      {/* Keyed by pool so a changed pool (other shares left, other plans) starts a fresh form. */}
      <JoinPoolForm key={`${pool.id}:${pool.availableShares}`} pool={pool} />
    </Box>
  );
}

function LoadingState() {
  return (
    <Box
      role="status"
      aria-label="Loading"
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 6fr)' } }}
    >
      {[0, 1].map((index) => (
        <Paper key={index} sx={{ p: 3 }}>
          <Skeleton width="50%" height={36} />
          <Skeleton width="90%" />
          <Skeleton width="80%" />
          <Skeleton variant="rounded" height={120} sx={{ mt: 2 }} />
        </Paper>
      ))}
    </Box>
  );
}
