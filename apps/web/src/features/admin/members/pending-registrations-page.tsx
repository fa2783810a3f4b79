import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/page-header';
import { getErrorMessage } from '../../../lib/api-client';
import { usePendingRegistrations } from './api';
import { PendingRegistrationCard } from './components/pending-registration-card';
import { RetryAlert } from '../../../components/retry-alert';

export function PendingRegistrationsPage() {
  const registrations = usePendingRegistrations();
  const members = registrations.data?.pages.flat() ?? [];

  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }}>
      <PageHeader
        title="Pending Registrations"
        subtitle="Members waiting for KYC verification, oldest submission first."
      />

      {registrations.isPending && <LoadingCards />}

      {registrations.isError && (
        <RetryAlert onRetry={() => void registrations.refetch()}>
          {getErrorMessage(registrations.error, 'Failed to load pending registrations')}
        </RetryAlert>
      )}

      {registrations.isSuccess && members.length === 0 && (
        <Paper sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <HowToRegOutlined color="disabled" sx={{ fontSize: 48, mb: 1 }} />
          <Typography variant="h5" component="h2">
            No pending registrations
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            New registrations appear here once members have submitted everything.
          </Typography>
        </Paper>
      )}

      {members.length > 0 && (
        <Stack component="section" aria-label="Pending registrations" spacing={2}>
          {members.map((member) => (
            <PendingRegistrationCard key={member.id} member={member} />
          ))}
        </Stack>
      )}

      {registrations.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button
            variant="outlined"
            onClick={() => void registrations.fetchNextPage()}
            disabled={registrations.isFetchingNextPage}
          >
            {registrations.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </Box>
      )}
    </Box>
  );
}

function LoadingCards() {
  return (
    <Stack spacing={2} role="status" aria-label="Loading pending registrations">
      {[0, 1, 2].map((index) => (
        <Paper key={index} sx={{ p: 2.5, display: 'flex', alignItems: 'center', gap: 2 }}>
          <Skeleton variant="circular" width={52} height={52} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton width="40%" height={28} />
            <Skeleton width="70%" />
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}
