import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Amount } from '../../../components/amount';
import { EmptyState } from '../../../components/empty-state';
import { ListLoading, ListPages } from '../../../components/list-parts';
import { FilterForm } from '../../../components/filter-form';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { ScrollableTable } from '../../../components/scrollable-table';
import { useListFilters } from '../../../components/use-list-filters';
import { getErrorMessage } from '../../../lib/api-client';
import { formatAdminDate } from '../../../lib/formatters';
import { CONTRIBUTIONS_PAGE_SIZE, emptyArrearsFilters, useArrears } from './api';
import { ContributionTabs, MemberCell, MemberSearch, PoolFilter, Totals } from './parts';

/** The members behind with their contributions: how much, since when, the longest behind first. */
export function ArrearsPage() {
  const { filters, page, setPage, field, apply, clear } = useListFilters(emptyArrearsFilters);
  const arrears = useArrears(filters, page);
  const data = arrears.data;

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', minWidth: 0 }}>
      <PageHeader
        title="Arrears"
        subtitle="Members whose instalments are past their due date and not paid in full, the longest behind first."
      />
      <ContributionTabs />
      <FilterForm label="Filter the arrears" columns={2} onApply={apply} onClear={clear}>
        <PoolFilter {...field('poolId')} />
        <MemberSearch {...field('search')} />
      </FilterForm>

      {arrears.isError && (
        <RetryAlert onRetry={() => void arrears.refetch()}>
          {getErrorMessage(arrears.error, 'Failed to load the arrears')}
        </RetryAlert>
      )}
      {arrears.isPending && <ListLoading label="Loading the arrears" />}
      {data && (
        <Totals
          label="Arrears over everything that matches"
          figures={[
            { label: 'Members behind', count: data.totals.members },
            { label: 'Overdue', rand: data.totals.overdue },
          ]}
        />
      )}
      {data && data.rows.length === 0 && (
        <Paper>
          <EmptyState
            icon={<EventAvailableOutlined />}
            title="Nobody is behind"
            text="Every instalment whose day has passed is paid in full."
          />
        </Paper>
      )}
      {data && data.rows.length > 0 && (
        <>
          <Paper sx={{ minWidth: 0 }}>
            <ScrollableTable label="Members behind">
              <Table size="small" sx={{ minWidth: 760 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Member</TableCell>
                    <TableCell>Pool</TableCell>
                    <TableCell align="right">Overdue</TableCell>
                    <TableCell align="right">Instalments</TableCell>
                    <TableCell>Oldest due date</TableCell>
                    <TableCell align="right">Days overdue</TableCell>
                    <TableCell>Phone</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((row) => (
                    <TableRow key={row.membershipId}>
                      <MemberCell name={row.memberName} number={row.memberNumber} />
                      <TableCell>{row.poolName}</TableCell>
                      <TableCell align="right">
                        <Amount rand={row.overdue} />
                      </TableCell>
                      <TableCell align="right">{row.instalments}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAdminDate(row.oldestDueOn)}</TableCell>
                      <TableCell align="right">{row.daysOverdue}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.phoneNumber ?? '—'}</TableCell>
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
            label={`Arrears pages, ${CONTRIBUTIONS_PAGE_SIZE} members a page`}
          />
        </>
      )}
    </Box>
  );
}
