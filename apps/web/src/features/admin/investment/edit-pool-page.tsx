import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { OpenPoolButton } from '../../../components/pools/open-pool-button';
import { isDraftPool } from '../../../components/pools/pool-display';
import { PoolStatusChip } from '../../../components/pools/pool-status-chip';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { useApprovePool, usePool, useUpdatePool } from './api';
import { EditPoolForm } from './components/edit-pool-form';

export function EditPoolPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const pool = usePool(id);
  const updatePool = useUpdatePool(id);
  const approve = useApprovePool();
  const isNotFound = pool.error instanceof ApiError && pool.error.status === 404;

  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <Button component={RouterLink} to="/admin/investment" startIcon={<ArrowBack />} sx={{ mb: 2, ml: -1.5 }}>
        Investment
      </Button>

      <Box sx={{ mb: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="h1">Edit Pool</Typography>
          {pool.data && <PoolStatusChip status={pool.data.status} size="medium" />}
        </Box>
        {pool.data && (
          <Typography color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {pool.data.name}
          </Typography>
        )}
      </Box>

      {pool.isPending && (
        <Box role="status" aria-label="Loading pool" sx={{ display: 'grid', gap: 2.5 }}>
          <Skeleton variant="rounded" height={220} sx={{ borderRadius: 3 }} />
          <Skeleton variant="rounded" height={180} sx={{ borderRadius: 3 }} />
        </Box>
      )}

      {pool.isError && (
        <Alert
          severity={isNotFound ? 'info' : 'error'}
          action={
            isNotFound ? (
              <Button color="inherit" size="small" component={RouterLink} to="/admin/investment">
                Back
              </Button>
            ) : (
              <Button color="inherit" size="small" onClick={() => void pool.refetch()}>
                Retry
              </Button>
            )
          }
        >
          {isNotFound ? 'No investment pool found' : getErrorMessage(pool.error, 'Failed to load investment pool')}
        </Alert>
      )}

      {pool.data && isDraftPool(pool.data) && (
        <Alert severity="info" sx={{ mb: 3, '& .MuiAlert-message': { flex: 1 } }}>
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: { xs: 'flex-start', sm: 'center' },
              justifyContent: 'space-between',
              gap: 1.5,
            }}
          >
            <span>This pool is a draft: members cannot see or join it until it is opened.</span>
            <OpenPoolButton
              pool={pool.data}
              size="small"
              isPending={approve.isPending}
              onConfirm={(close) => approve.mutate(id, { onSettled: close })}
            />
          </Box>
        </Alert>
      )}
      {approve.isError && (
        <Alert severity="error" sx={{ mb: 3 }} onClose={() => approve.reset()}>
          {getErrorMessage(approve.error, 'Failed to approve pool')}
        </Alert>
      )}

      {pool.data && (
        <EditPoolForm
          key={pool.data.id}
          pool={pool.data}
          onCancel={() => void navigate('/admin/investment')}
          onSubmit={async (body) => {
            await updatePool.mutateAsync(body);
            void navigate('/admin/investment');
          }}
        />
      )}
    </Box>
  );
}
