import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { RegistrationStatusChip } from '../../../components/status-chips';
import { getErrorMessage } from '../../../lib/api-client';
import { formatAdminDate, formatCount } from '../../../lib/formatters';
import { DIRECTORY_PAGE_SIZE, useDirectory, useDirectoryPools, type DirectoryFilters } from './directory-api';

const SORTS = [
  { value: 'joined:desc', label: 'Newest first' },
  { value: 'joined:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Name, A to Z' },
  { value: 'name:desc', label: 'Name, Z to A' },
  { value: 'status:asc', label: 'Registration status' },
] as const;

/** Every member: search, filters, sorting and pages from the server; each opens the member's page. */
export function AdminMembersPage() {
  const [filters, setFilters] = useState<DirectoryFilters>({
    search: '',
    registrationStatus: '',
    accountStatus: '',
    poolId: '',
    sort: 'joined',
    order: 'desc',
  });
  const [page, setPage] = useState(1);
  const directory = useDirectory(filters, page);
  const pools = useDirectoryPools();
  const change = (patch: Partial<DirectoryFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const pageCount = directory.data ? Math.max(1, Math.ceil(directory.data.total / DIRECTORY_PAGE_SIZE)) : 1;

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <PageHeader
        title="Members"
        subtitle="The directory of every member of the cooperative."
        actions={
          <Button
            variant="contained"
            component={RouterLink}
            to="/admin/members/pending"
            startIcon={<HowToRegOutlined />}
          >
            View Pending
          </Button>
        }
      />
      <Paper component="section" aria-label="Search the members" sx={{ p: 2, mb: 2 }}>
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr 1fr 1fr' } }}
        >
          <TextField
            label="Search"
            placeholder="Name, e-mail, phone or last 4 of the ID number"
            value={filters.search}
            onChange={(event) => change({ search: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          <TextField
            label="Registration"
            select
            value={filters.registrationStatus}
            onChange={(event) => change({ registrationStatus: event.target.value })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Every registration</option>
            <option value="pending_kyc">Pending KYC</option>
            <option value="verified">Verified</option>
            <option value="active">Active</option>
            <option value="rejected">Rejected</option>
          </TextField>
          <TextField
            label="Account"
            select
            value={filters.accountStatus}
            onChange={(event) => change({ accountStatus: event.target.value })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Every account</option>
            <option value="active">Active</option>
            <option value="suspended">Suspended</option>
          </TextField>
          <TextField
            label="Pool"
            select
            value={filters.poolId}
            onChange={(event) => change({ poolId: event.target.value })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Every pool</option>
            {(pools.data ?? []).map((pool) => (
              <option key={pool.id} value={pool.id}>
                {pool.name}
              </option>
            ))}
          </TextField>
          <TextField
            label="Sort by"
            select
            value={`${filters.sort}:${filters.order}`}
            onChange={(event) => {
              const [sort, order] = event.target.value.split(':') as [
                DirectoryFilters['sort'],
                DirectoryFilters['order'],
              ];
              change({ sort, order });
            }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </TextField>
        </Box>
      </Paper>
      {directory.isError && !directory.data ? (
        <RetryAlert onRetry={() => void directory.refetch()}>
          {getErrorMessage(directory.error, 'The members could not be loaded')}
        </RetryAlert>
      ) : directory.isPending ? (
        <Skeleton variant="rounded" height={240} role="status" aria-label="Loading members" />
      ) : directory.data.items.length === 0 ? (
        <Paper>
          <EmptyState icon={<PeopleOutline />} title="No member matches" text="Try another search or fewer filters." />
        </Paper>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
            {formatCount(directory.data.total)}
            {directory.data.totalIsCapped ? '+' : ''} {directory.data.total === 1 ? 'member' : 'members'}
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Members">
            {directory.data.items.map((member) => (
              <Paper component="li" key={member.id} sx={{ p: 2 }}>
                <Box
                  sx={{
                    display: 'flex',
                    gap: 1,
                    justifyContent: 'space-between',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                  }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Link
                      component={RouterLink}
                      to={`/admin/members/${member.id}`}
                      sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
                    >
                      {member.fullName ?? member.email}
                    </Link>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {member.email}
                      {member.phoneNumber ? ` · ${member.phoneNumber}` : ''} · joined{' '}
                      {formatAdminDate(member.createdAt)}
                    </Typography>
                    {member.pools.length > 0 && (
                      <Typography variant="body2">{member.pools.map((pool) => pool.name).join(', ')}</Typography>
                    )}
                  </Box>
                  <Stack direction="row" spacing={1}>
                    {member.accountStatus === 'suspended' && (
                      <Typography variant="body2" sx={{ color: '#A3000F', fontWeight: 600 }}>
                        Suspended
                      </Typography>
                    )}
                    <RegistrationStatusChip status={member.registrationStatus} />
                  </Stack>
                </Box>
              </Paper>
            ))}
          </Stack>
          {pageCount > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
              <Pagination count={pageCount} page={page} onChange={(_, next) => setPage(next)} />
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
