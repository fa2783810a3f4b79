import Add from '@mui/icons-material/Add';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import { hasRole } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { getErrorMessage } from '../../lib/api-client';
import { useShellUser } from '../../shell/shell-context';
import { useApprovePool, usePools } from './api';
import { PoolCard } from './components/pool-card';
import { RetryAlert } from '../../components/retry-alert';

const cardGrid = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 2.5,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
} as const;

export function PoolsPage() {
  const user = useShellUser();
  const pools = usePools();
  const approve = useApprovePool();
  const canApprove = hasRole(user, 'investment_management');
  const list = pools.data ?? [];

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <PageHeader
        title="Investment Pools"
        subtitle="Pool your savings with other members and invest together."
        actions={
          <Button variant="contained" component={RouterLink} to="/pools/create" startIcon={<Add />}>
            Create Pool
          </Button>
        }
      />

      {approve.isError && (
        <Alert severity="error" sx={{ mb: 2.5 }} onClose={() => approve.reset()}>
          {getErrorMessage(approve.error, 'Failed to approve pool')}
        </Alert>
      )}

      {pools.isError && (
        <RetryAlert onRetry={() => void pools.refetch()}>
          {getErrorMessage(pools.error, 'Failed to load pools')}
        </RetryAlert>
      )}

      {pools.isPending && <LoadingCards />}

      {pools.isSuccess && list.length === 0 && (
        <Paper sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <SavingsOutlined color="disabled" sx={{ fontSize: 48, mb: 1 }} />
          <Typography variant="h5" component="h2">
            No pools yet
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            There are no investment pools to show. Use Create Pool to propose one; an admin reviews it before it opens.
          </Typography>
        </Paper>
      )}

      {list.length > 0 && (
        <Box component="ul" aria-label="Pools" sx={cardGrid}>
          {list.map((pool) => (
            <li key={pool.id}>
              <PoolCard
                pool={pool}
                canApprove={canApprove}
                isApproving={approve.isPending && approve.variables === pool.id}
                onApprove={(close) => approve.mutate(pool.id, { onSettled: close })}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

function LoadingCards() {
  return (
    <Box role="status" aria-label="Loading pools" sx={cardGrid}>
      {[0, 1].map((index) => (
        <Paper key={index} sx={{ p: 2.5 }}>
          <Skeleton width="60%" height={32} />
          <Skeleton width="100%" />
          <Skeleton width="80%" sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={8} sx={{ mb: 2 }} />
          <Skeleton width="40%" />
        </Paper>
      ))}
    </Box>
  );
}
