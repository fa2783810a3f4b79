import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import { formatRandAmount } from '@letsema/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { OpenPoolButton } from '../../../components/pools/open-pool-button';
import { isDraftPool, type PoolView } from '../../../components/pools/pool-display';
import { PoolStatusChip } from '../../../components/pools/pool-status-chip';
import { getErrorMessage } from '../../../lib/api-client';
import { useApprovePool, usePools } from './api';
import { PoolBanner } from './components/pool-banner';
import { PoolOverview } from './components/pool-overview';
import { RetryAlert } from '../../../components/retry-alert';

export function AdminInvestmentPage() {
  const pools = usePools();
  const approve = useApprovePool();
  const [pool, ...otherPools] = pools.data ?? [];

  const actions = pool && (
    <>
      {isDraftPool(pool) && (
        <OpenPoolButton
          pool={pool}
          isPending={approve.isPending}
          onConfirm={(close) => approve.mutate(pool.id, { onSettled: close })}
        />
      )}
      <Button
        variant={isDraftPool(pool) ? 'outlined' : 'contained'}
        component={RouterLink}
        to={`/admin/pools/${pool.id}/edit`}
        startIcon={<EditOutlined />}
      >
        Edit Pool
      </Button>
      <Button variant="outlined" component={RouterLink} to="/admin/investment/income">
        Income
      </Button>
    </>
  );

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <PageHeader
        title="Investment Pool"
        subtitle="The cooperative's investment pool: its funding, members and terms."
        actions={actions || undefined}
      />

      {pools.isError && (
        <RetryAlert onRetry={() => void pools.refetch()}>
          {getErrorMessage(pools.error, 'Failed to load investment pool')}
        </RetryAlert>
      )}

      {approve.isError && (
        <Alert severity="error" sx={{ mb: 2.5 }} onClose={() => approve.reset()}>
          {getErrorMessage(approve.error, 'Failed to approve pool')}
        </Alert>
      )}

      {pools.isPending && <LoadingOverview />}

      {pools.isSuccess && !pool && (
        <Paper sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
          <ShowChartOutlined color="disabled" sx={{ fontSize: 56, mb: 1 }} />
          <Typography variant="h5" component="h2">
            No investment pool exists yet
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
            Create the cooperative&apos;s pool to set its target, shares and contribution plans.
          </Typography>
          <Button variant="contained" component={RouterLink} to="/admin/investment/create" startIcon={<Add />}>
            Create Investment Pool
          </Button>
        </Paper>
      )}

      {pool && (
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <PoolBanner pool={pool} />
          <PoolOverview pool={pool} />
          {otherPools.length > 0 && <OtherPools pools={otherPools} />}
        </Box>
      )}
    </Box>
  );
}

/** Pools after the first (members may propose more): each with its status and a way to edit or open it. */
function OtherPools({ pools }: { pools: PoolView[] }) {
  return (
    <Paper component="section" aria-label="Other pools" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Typography variant="h5" component="h3">
        Other pools
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Pools proposed after this one. Drafts can be approved and opened from their edit page.
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {pools.map((other) => (
          <Box
            component="li"
            key={other.id}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              flexWrap: 'wrap',
              px: 2,
              py: 1.25,
              borderRadius: 2.5,
              bgcolor: '#F2F2F7',
            }}
          >
            <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{other.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                Target {formatRandAmount(other.targetAmount)}
              </Typography>
            </Box>
            <PoolStatusChip status={other.status} />
            <Button
              size="small"
              component={RouterLink}
              to={`/admin/pools/${other.id}/edit`}
              aria-label={`Edit ${other.name}`}
              startIcon={<EditOutlined />}
            >
              Edit
            </Button>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

function LoadingOverview() {
  return (
    <Box role="status" aria-label="Loading investment pool" sx={{ display: 'grid', gap: 2.5 }}>
      <Skeleton variant="rounded" height={200} sx={{ borderRadius: 3 }} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} variant="rounded" height={120} sx={{ borderRadius: 3 }} />
        ))}
      </Box>
    </Box>
  );
}
