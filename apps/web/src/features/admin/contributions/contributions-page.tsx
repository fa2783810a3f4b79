import { contributionStatuses, contributionStatusLabels, formatPeriod } from '@letsema/domain';
import Download from '@mui/icons-material/Download';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Amount } from '../../../components/amount';
import { EmptyState } from '../../../components/empty-state';
import { ListLoading, ListPages } from '../../../components/list-parts';
import { FilterForm } from '../../../components/filter-form';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { ScrollableTable } from '../../../components/scrollable-table';
import { useListFilters } from '../../../components/use-list-filters';
import { SelectInput } from '../../../components/select-input';
import { getErrorMessage } from '../../../lib/api-client';
import { formatAdminDate } from '../../../lib/formatters';
import { CONTRIBUTIONS_PAGE_SIZE, emptyRegisterFilters, useContributionRegister, useRegisterExport } from './api';
import { ContributionTabs, MemberCell, MemberSearch, PoolFilter, StandingChip, Totals } from './parts';

/** The contributions register: each member's instalments due in a month, what is paid and what is overdue. */
export function ContributionsPage() {
  const { draft, filters, page, setPage, field, apply, clear } = useListFilters(emptyRegisterFilters);
  const register = useContributionRegister(filters, page);
  const exportCsv = useRegisterExport();
  const data = register.data;

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', minWidth: 0 }}>
      <PageHeader
        title="Contributions"
        subtitle="Each member's instalments due in a month: what is paid, what is due and who is behind."
        actions={
          <Button
            variant="outlined"
            startIcon={exportCsv.isPending ? <CircularProgress size={18} color="inherit" /> : <Download />}
            disabled={exportCsv.isPending || !data}
            onClick={() => data && exportCsv.mutate({ filters, month: data.month })}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {exportCsv.isPending ? 'Preparing…' : 'Download CSV'}
          </Button>
        }
      />
      <ContributionTabs />
      {exportCsv.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {getErrorMessage(exportCsv.error, 'The CSV could not be prepared')}
        </Alert>
      )}

      <FilterForm label="Filter the register" columns={4} onApply={apply} onClear={clear}>
        <TextField
          label="Month"
          type="month"
          {...field('month')}
          value={draft.month || data?.month || ''}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <PoolFilter {...field('poolId')} />
        <SelectInput label="Status" {...field('status')}>
          <option value="">Every status</option>
          {contributionStatuses.map((status) => (
            <option key={status} value={status}>
              {contributionStatusLabels[status]}
            </option>
          ))}
        </SelectInput>
        <MemberSearch {...field('search')} />
      </FilterForm>

      {register.isError && (
        <RetryAlert onRetry={() => void register.refetch()}>
          {getErrorMessage(register.error, 'Failed to load the contributions register')}
        </RetryAlert>
      )}
      {register.isPending && <ListLoading label="Loading the contributions register" />}
      {data && (
        <>
          <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
            {formatPeriod(data.month)}
          </Typography>
          <Totals
            label="Totals over everything that matches"
            figures={[
              { label: 'Due', rand: data.totals.due },
              { label: 'Paid', rand: data.totals.paid },
              { label: 'Overdue', rand: data.totals.overdue },
              { label: 'Paid in advance', rand: data.totals.inAdvance },
              { label: 'Still to pay', rand: data.totals.outstanding },
            ]}
          />
        </>
      )}
      {data && data.rows.length === 0 && (
        <Paper>
          <EmptyState
            icon={<EventNoteOutlined />}
            title="No instalments match"
            text="Nothing falls due in this month for these filters. Choose another month or clear the filters."
          />
        </Paper>
      )}
      {data && data.rows.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
            {data.pagination.total} {data.pagination.total === 1 ? 'instalment' : 'instalments'}
          </Typography>
          <Paper sx={{ minWidth: 0 }}>
            <ScrollableTable label="Contributions register">
              <Table size="small" sx={{ minWidth: 880 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Member</TableCell>
                    <TableCell>Pool</TableCell>
                    <TableCell>Instalment</TableCell>
                    <TableCell>Due date</TableCell>
                    <TableCell align="right">Amount</TableCell>
                    <TableCell align="right">Paid</TableCell>
                    <TableCell align="right">Still to pay</TableCell>
                    <TableCell>Status</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((row) => (
                    <TableRow key={row.instalmentId}>
                      <MemberCell name={row.memberName} number={row.memberNumber} />
                      <TableCell>{row.poolName}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {row.number} of {row.instalments}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAdminDate(row.dueOn)}</TableCell>
                      <TableCell align="right">
                        <Amount rand={row.amount} />
                      </TableCell>
                      <TableCell align="right">
                        <Amount rand={row.paid} />
                      </TableCell>
                      <TableCell align="right">
                        <Amount rand={row.outstanding} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <StandingChip status={row.status} />
                        {row.daysOverdue > 0 && (
                          <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
                            {row.daysOverdue} {row.daysOverdue === 1 ? 'day' : 'days'} late
                          </Typography>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollableTable>
          </Paper>
          <ListPages
            count={data.pagination.totalPages}
            page={page}
            onChange={setPage}
            label={`Register pages, ${CONTRIBUTIONS_PAGE_SIZE} instalments a page`}
          />
        </>
      )}
    </Box>
  );
}
