import type { AdminLoanPage, LoanSummary } from '@letsema/domain';
import {
  ageingBuckets,
  formatRandAmount,
  loanStatuses,
  loanStatusLabels,
  loanTypeLabels,
  loanTypes,
  type AgeingBucket,
} from '@letsema/domain';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Figure } from '../../../components/figure';
import { RetryAlert } from '../../../components/retry-alert';
import { getErrorMessage } from '../../../lib/api-client';
import { formatAdminDate, formatCount } from '../../../lib/formatters';
import { LOAN_PAGE_SIZE, useAdminLoans, useLoanCount } from './api';
import {
  changeLoanFilters,
  countPages,
  emptyLoanFilters,
  formatBucket,
  getLoanStatusColor,
  readLoanFilters,
  writeLoanFilters,
  type LoanFilters,
} from './loan-rules';
import { ScrollableTable } from '../../../components/scrollable-table';

/** The book of loans: figures, the ageing of arrears (each bucket filters the list) and the filtered, paged list. */
export function LoansOverview() {
  const [params, setParams] = useSearchParams();
  const filters = readLoanFilters(params);
  const loans = useAdminLoans(filters);
  const pending = useLoanCount('pending');
  const approved = useLoanCount('approved');
  const setFilters = (next: LoanFilters) => setParams(writeLoanFilters(next), { replace: true });
  const change = (partial: Partial<Omit<LoanFilters, 'page'>>) => setFilters(changeLoanFilters(filters, partial));
  const ageing = loans.data?.ageing;

  return (
    <Stack spacing={3}>
      <Paper component="section" aria-labelledby="loan-figures-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="loan-figures-title" variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 700, mb: 2 }}>
          The loan book
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
          }}
        >
          <Figure label="Waiting for approval" value={showCount(pending.data)} />
          <Figure label="To be paid out" value={showCount(approved.data)} />
          <Figure label="Repaying" value={showCount(ageing?.activeLoans)} />
          <Figure label="In arrears" value={showCount(ageing?.loansInArrears)} />
          <Figure label="Outstanding principal" value={ageing ? formatRandAmount(ageing.outstandingPrincipal) : '--'} />
          <Figure label="Overdue" value={ageing ? formatRandAmount(ageing.overdueAmount) : '--'} />
        </Box>
      </Paper>

      <AgeingTable page={loans.data} selected={filters.bucket} onSelect={(bucket) => change({ bucket })} />

      <Paper component="section" aria-labelledby="loan-list-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="loan-list-title" variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 700, mb: 2 }}>
          Loans
        </Typography>
        <Box
          role="group"
          aria-label="Filter the loans"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr) auto' } }}
        >
          <TextField
            label="Status"
            select
            value={filters.status}
            onChange={(event) => change({ status: event.target.value as LoanFilters['status'] })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Every status</option>
            {loanStatuses.map((status) => (
              <option key={status} value={status}>
                {loanStatusLabels[status]}
              </option>
            ))}
          </TextField>
          <TextField
            label="Type"
            select
            value={filters.type}
            onChange={(event) => change({ type: event.target.value as LoanFilters['type'] })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Every type</option>
            {loanTypes.map((type) => (
              <option key={type} value={type}>
                {loanTypeLabels[type]}
              </option>
            ))}
          </TextField>
          <TextField
            label="Arrears"
            select
            value={filters.inArrears}
            onChange={(event) => change({ inArrears: event.target.value as LoanFilters['inArrears'] })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">In arrears or not</option>
            <option value="true">In arrears</option>
            <option value="false">Not in arrears</option>
          </TextField>
          <TextField
            label="Days overdue"
            select
            value={filters.bucket}
            onChange={(event) => change({ bucket: event.target.value as LoanFilters['bucket'] })}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Any</option>
            {ageingBuckets.map((bucket) => (
              <option key={bucket} value={bucket}>
                {formatBucket(bucket)}
              </option>
            ))}
          </TextField>
          <Button
            variant="text"
            onClick={() => setFilters(emptyLoanFilters)}
            disabled={writeLoanFilters({ ...filters, page: 1 }).toString() === ''}
            sx={{ alignSelf: 'center' }}
          >
            Clear filters
          </Button>
        </Box>
        <Box sx={{ mt: 2 }}>
          <LoanList query={loans} filters={filters} onPage={(page) => setFilters({ ...filters, page })} />
        </Box>
      </Paper>
    </Stack>
  );
}

function showCount(value: number | undefined): string {
  return value === undefined ? '--' : formatCount(value);
}

/** The ageing of arrears: loans and amounts overdue by how late the oldest unpaid instalment is. */
function AgeingTable({
  page,
  selected,
  onSelect,
}: {
  page: AdminLoanPage | undefined;
  selected: AgeingBucket | '';
  onSelect: (bucket: AgeingBucket | '') => void;
}) {
  const ageing = page?.ageing;
  return (
    <Paper component="section" aria-labelledby="ageing-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="ageing-title" variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
        Arrears ageing
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Loans being repaid, by the days their oldest unpaid instalment is late
        {ageing ? ` (as of ${formatAdminDate(ageing.asOf)})` : ''}. Choose a row to list its loans.
      </Typography>
      {!ageing ? (
        <Skeleton variant="rounded" height={180} role="status" aria-label="Loading the ageing of arrears" />
      ) : (
        <ScrollableTable label="Arrears ageing table">
          <Table size="small" aria-labelledby="ageing-title" sx={{ minWidth: 440 }}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Days overdue
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  Loans
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  Amount overdue
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  Outstanding principal
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ageing.buckets.map((row) => {
                const isSelected = selected === row.bucket;
                return (
                  <TableRow key={row.bucket} selected={isSelected}>
                    <TableCell component="th" scope="row">
                      <Button
                        size="small"
                        variant={isSelected ? 'contained' : 'text'}
                        aria-pressed={isSelected}
                        onClick={() => onSelect(isSelected ? '' : row.bucket)}
                        sx={{ minWidth: 0, px: 1, ml: -1, whiteSpace: 'nowrap' }}
                      >
                        {formatBucket(row.bucket)}
                      </Button>
                    </TableCell>
                    <TableCell align="right">{formatCount(row.loans)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatRandAmount(row.overdueAmount)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatRandAmount(row.outstandingPrincipal)}
                    </TableCell>
                  </TableRow>
                );
              })}
              <TableRow>
                <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                  All arrears
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {formatCount(ageing.loansInArrears)}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {formatRandAmount(ageing.overdueAmount)}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {formatRandAmount(ageing.buckets.reduce((sum, row) => sum + row.outstandingPrincipal, 0))}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </ScrollableTable>
      )}
    </Paper>
  );
}

function LoanList({
  query,
  filters,
  onPage,
}: {
  query: ReturnType<typeof useAdminLoans>;
  filters: LoanFilters;
  onPage: (page: number) => void;
}) {
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  if (query.isError && !query.data) {
    return (
      <RetryAlert onRetry={() => void query.refetch()}>
        {getErrorMessage(query.error, 'The loans could not be loaded')}
      </RetryAlert>
    );
  }
  if (query.isPending) return <Skeleton variant="rounded" height={240} role="status" aria-label="Loading loans" />;
  const { items, total, limit } = query.data;
  const isFiltered = writeLoanFilters({ ...filters, page: 1 }).toString() !== '';
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<AccountBalanceOutlined />}
        title={isFiltered ? 'No loan matches' : 'No loans yet'}
        text={isFiltered ? 'Try fewer filters.' : 'Loans members apply for appear here.'}
      />
    );
  }
  const pageCount = countPages(total, limit || LOAN_PAGE_SIZE);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
        {formatCount(total)} {total === 1 ? 'loan' : 'loans'}
      </Typography>
      {isWide ? <LoanTable items={items} /> : <LoanCards items={items} />}
      {pageCount > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination
            count={pageCount}
            page={Math.min(filters.page, pageCount)}
            onChange={(_, next) => onPage(next)}
            aria-label="Pages of loans"
          />
        </Box>
      )}
    </>
  );
}

export function LoanStatusChip({ loan }: { loan: Pick<LoanSummary, 'status' | 'statusLabel'> }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={loan.statusLabel}
      color={getLoanStatusColor(loan.status)}
      sx={{ fontWeight: 600 }}
    />
  );
}

function ArrearsText({ loan }: { loan: LoanSummary }) {
  if (loan.arrears.daysOverdue <= 0) return <>—</>;
  return (
    <Box component="span" sx={{ color: 'error.dark', fontWeight: 600 }}>
      {formatRandAmount(loan.arrears.overdueAmount)}, {loan.arrears.daysOverdue} days
    </Box>
  );
}

function LoanLink({ loan }: { loan: LoanSummary }) {
  return (
    <Link component={RouterLink} to={`/admin/loans/${loan.id}`} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
      {loan.number}
    </Link>
  );
}

const memberName = (loan: LoanSummary) => loan.member.fullName ?? loan.member.email ?? 'Member';

function LoanTable({ items }: { items: LoanSummary[] }) {
  return (
    <ScrollableTable label="Loans table">
      <Table size="small" aria-label="Loans">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Loan
            </TableCell>
            <TableCell component="th" scope="col">
              Member
            </TableCell>
            <TableCell component="th" scope="col">
              Type
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Amount
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Outstanding
            </TableCell>
            <TableCell component="th" scope="col">
              Status
            </TableCell>
            <TableCell component="th" scope="col">
              Arrears
            </TableCell>
            <TableCell component="th" scope="col">
              Applied
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((loan) => (
            <TableRow key={loan.id} hover>
              <TableCell>
                <LoanLink loan={loan} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{memberName(loan)}</TableCell>
              <TableCell>{loan.typeLabel}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatRandAmount(loan.amount)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatRandAmount(loan.outstandingPrincipal)}
              </TableCell>
              <TableCell>
                <LoanStatusChip loan={loan} />
              </TableCell>
              <TableCell>
                <ArrearsText loan={loan} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAdminDate(loan.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}

function LoanCards({ items }: { items: LoanSummary[] }) {
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Loans">
      {items.map((loan) => (
        <Box
          component="li"
          key={loan.id}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, display: 'grid', gap: 0.5 }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <LoanLink loan={loan} />
            <LoanStatusChip loan={loan} />
          </Box>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {memberName(loan)} · {loan.typeLabel} · {formatRandAmount(loan.amount)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Outstanding {formatRandAmount(loan.outstandingPrincipal)} · applied {formatAdminDate(loan.createdAt)}
          </Typography>
          {loan.arrears.daysOverdue > 0 && (
            <Typography variant="body2">
              In arrears: <ArrearsText loan={loan} />
            </Typography>
          )}
        </Box>
      ))}
    </Stack>
  );
}
