import { contributionStatusLabels, formatRandAmount, type ContributionStatus } from '@letsema/domain';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/empty-state';
import { Figure } from '../../../components/figure';
import { RetryAlert } from '../../../components/retry-alert';
import { ScrollableTable } from '../../../components/scrollable-table';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDays, useMyContributions, type ContributionCalendarView } from '../../../lib/contributions';
import { formatAdminDate } from '../../../lib/formatters';

const STATUS_COLOURS: Record<ContributionStatus, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  paid: 'success',
  in_advance: 'info',
  part_paid: 'warning',
  due: 'default',
  overdue: 'error',
};

/** The member's contribution calendar: the next amount and its date, what is overdue, and every instalment. */
export function ContributionCalendarSection() {
  const contributions = useMyContributions();
  if (contributions.isError) {
    return (
      <RetryAlert onRetry={() => void contributions.refetch()}>
        {getErrorMessage(contributions.error, 'Your contribution dates could not be loaded')}
      </RetryAlert>
    );
  }
  if (contributions.isPending) {
    return <Skeleton variant="rounded" height={200} role="status" aria-label="Loading your contribution dates" />;
  }
  if (contributions.data.calendars.length === 0) {
    return (
      <Paper component="section" aria-label="Contribution calendar">
        <EmptyState
          icon={<EventNoteOutlined />}
          title="No contribution plan yet"
          text="Once an admin approves your membership, each instalment and the day it is due appear here."
        />
      </Paper>
    );
  }
  return (
    <>
      {contributions.data.calendars.map((calendar) => (
        <CalendarCard key={calendar.membershipId} calendar={calendar} />
      ))}
    </>
  );
}

function CalendarCard({ calendar }: { calendar: ContributionCalendarView }) {
  return (
    <Paper component="section" aria-label="Contribution calendar" sx={{ p: { xs: 2.5, sm: 3 }, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        Contribution calendar
      </Typography>
      <Typography variant="h4" component="h2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {calendar.poolName}
      </Typography>
      {calendar.overdue && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {`${formatRandAmount(calendar.overdue.amount)} is overdue since ${formatAdminDate(calendar.overdue.since)} (${formatDays(calendar.overdue.days)}). Please pay it as soon as you can.`}
        </Alert>
      )}
      {calendar.isFullyPaid && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Your commitment is fully paid: nothing more is due.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, mb: 2 }}>
        <Figure
          label="Next contribution"
          value={calendar.next ? formatRandAmount(calendar.next.amount) : '—'}
          hint={calendar.next ? `Due ${formatAdminDate(calendar.next.dueOn)}` : undefined}
        />
        <Figure label="Overdue" value={formatRandAmount(calendar.overdue?.amount ?? 0)} />
        <Figure
          label="Paid"
          value={`${formatRandAmount(calendar.totalPaid)} of ${formatRandAmount(calendar.totalCommitment)}`}
        />
      </Box>
      <ScrollableTable label="Your instalments">
        <Table size="small" sx={{ minWidth: 520 }}>
          <TableHead>
            <TableRow>
              <TableCell>Instalment</TableCell>
              <TableCell>Due date</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell align="right">Paid</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {calendar.instalments.map((instalment) => (
              <TableRow key={instalment.number}>
                <TableCell>{instalment.number}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAdminDate(instalment.dueOn)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatRandAmount(instalment.amount)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatRandAmount(instalment.paid)}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={STATUS_COLOURS[instalment.status]}
                    label={contributionStatusLabels[instalment.status]}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollableTable>
    </Paper>
  );
}
