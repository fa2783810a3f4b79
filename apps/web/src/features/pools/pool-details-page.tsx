import ArrowBack from '@mui/icons-material/ArrowBack';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PieChartOutline from '@mui/icons-material/PieChartOutline';
import SellOutlined from '@mui/icons-material/SellOutlined';
import { formatRandAmount } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { FundingProgress } from '../../components/pools/funding-progress';
import {
  formatDuration,
  formatMembers,
  isDraftPool,
  readContributionPlans,
  readPaymentMethods,
  type PoolView,
} from '../../components/pools/pool-display';
import { PoolStatusChip } from '../../components/pools/pool-status-chip';
import { ContributionPlanList, PaymentMethodChips } from '../../components/pools/pool-terms-lists';
import { ApiError, getErrorMessage } from '../../lib/api-client';
import { usePool } from './api';

export function PoolDetailsPage() {
  const { id = '' } = useParams();
  const pool = usePool(id);

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Button component={RouterLink} to="/pools" startIcon={<ArrowBack />} sx={{ mb: 2, ml: -1.5 }}>
        All pools
      </Button>

      {pool.isPending && <LoadingDetails />}

      {pool.isError && (
        <Alert
          severity={isNotFound(pool.error) ? 'info' : 'error'}
          action={
            isNotFound(pool.error) ? undefined : (
              <Button color="inherit" size="small" onClick={() => void pool.refetch()}>
                Retry
              </Button>
            )
          }
        >
          {isNotFound(pool.error) ? 'Pool not found' : getErrorMessage(pool.error, 'Failed to load pool')}
        </Alert>
      )}

      {pool.data && <PoolDetails pool={pool.data} />}
    </Box>
  );
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

function PoolDetails({ pool }: { pool: PoolView }) {
  const plans = readContributionPlans(pool);
  const methods = readPaymentMethods(pool);
  const isOpen = pool.status === 'open';

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Paper component="header" sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
            {pool.name}
          </Typography>
          <PoolStatusChip status={pool.status} size="medium" />
        </Box>
        <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mb: 3 }}>
          {pool.description}
        </Typography>
        <FundingProgress pool={pool} />
        {isDraftPool(pool) && (
          <Alert severity="info" sx={{ mt: 3 }}>
            This pool is a draft. Members can join once an admin has approved and opened it.
          </Alert>
        )}
        {isOpen && (
          <Box sx={{ mt: 3 }}>
            <Button variant="contained" size="large" disabled sx={{ width: { xs: '100%', sm: 'auto' } }}>
              Join Pool (Coming Soon)
            </Button>
          </Box>
        )}
      </Paper>

      <Box
        component="ul"
        aria-label="Pool figures"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <Figure icon={<CalendarMonthOutlined />} label="Duration" value={formatDuration(pool.investmentDuration)} />
        <Figure icon={<GroupsOutlined />} label="Members" value={formatMembers(pool)} />
        <Figure icon={<SellOutlined />} label="Price per share" value={formatRandAmount(pool.pricePerShare)} />
        <Figure
          icon={<PieChartOutline />}
          label="Shares available"
          value={`${pool.availableShares} of ${pool.totalShares}`}
        />
      </Box>

      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <Paper component="section" aria-label="Instalment plans" sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography variant="h5" component="h2">
            Instalment plans
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            What one share costs per instalment.
          </Typography>
          <ContributionPlanList plans={plans} emptyText="No instalment plans yet." />
        </Paper>

        <Paper component="section" aria-label="Payment methods" sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography variant="h5" component="h2">
            Payment methods
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Ways to pay your contributions.
          </Typography>
          <PaymentMethodChips methods={methods} emptyText="No payment methods yet." />
        </Paper>
      </Box>
    </Box>
  );
}

function Figure({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Paper component="li" sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Box aria-hidden sx={{ color: 'primary.main', display: 'flex', mb: 1, '& svg': { fontSize: 22 } }}>
        {icon}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: '1.125rem', overflowWrap: 'anywhere' }}>{value}</Typography>
    </Paper>
  );
}

function LoadingDetails() {
  return (
    <Box role="status" aria-label="Loading pool" sx={{ display: 'grid', gap: 2.5 }}>
      <Paper sx={{ p: 3.5 }}>
        <Skeleton width="50%" height={44} />
        <Skeleton width="100%" />
        <Skeleton width="70%" sx={{ mb: 3 }} />
        <Skeleton variant="rounded" height={8} />
      </Paper>
      <Skeleton variant="rounded" height={110} />
    </Box>
  );
}
