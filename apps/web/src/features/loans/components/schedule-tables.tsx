import type { QuotedInstalment } from '@letsema/domain';
import { formatRand, formatRandAmount } from '@letsema/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { formatAdminDate } from '../../../lib/formatters';
import { sumInstalments, sumQuotedInstalments, type InstalmentRow } from '../loan-rules';
import { InstalmentStateChip } from './loan-chips';
import { ScrollableTable } from '../../../components/scrollable-table';

/** Long schedules show their first year until the member asks for the rest. */
const FIRST_ROWS = 12;

const cellSx = { '& td, & th': { borderColor: 'divider', whiteSpace: 'nowrap' } } as const;

/** Whether the screen is wide enough for a table; on phones schedules are stacked lists. */
function useIsWide() {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
}

function useFirstRows<T>(rows: readonly T[]) {
  const [isShowingAll, setIsShowingAll] = useState(false);
  const shown = isShowingAll ? rows : rows.slice(0, FIRST_ROWS);
  const more =
    rows.length > FIRST_ROWS ? (
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1 }}>
        <Button size="small" onClick={() => setIsShowingAll((value) => !value)} aria-expanded={isShowingAll}>
          {isShowingAll ? 'Show the first 12 instalments' : `Show all ${rows.length} instalments`}
        </Button>
      </Box>
    ) : null;
  return { shown, more };
}

/** One instalment on a phone: its number and date, its amount, and its parts under them. */
function StackedRow({
  title,
  amount,
  details,
  chip,
}: {
  title: string;
  amount: string;
  details: string;
  chip?: ReactNode;
}) {
  return (
    <Box component="li" sx={{ py: 1.25, listStyle: 'none', borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{amount}</Typography>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center', mt: 0.25 }}>
        <Typography variant="body2" color="text.secondary">
          {details}
        </Typography>
        {chip}
      </Box>
    </Box>
  );
}

function StackedTotals({ lines }: { lines: [string, string][] }) {
  return (
    <Box component="dl" sx={{ m: 0, pt: 1.25 }}>
      {lines.map(([label, value]) => (
        <Box key={label} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, py: 0.25 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The schedule of a loan not yet paid out (a quote, or a projection): each instalment and the totals. */
export function QuotedScheduleTable({ rows, label }: { rows: readonly QuotedInstalment[]; label: string }) {
  const isWide = useIsWide();
  const { shown, more } = useFirstRows(rows);
  const totals = sumQuotedInstalments(rows);

  if (!isWide) {
    return (
      <Box>
        <Box component="ul" aria-label={label} sx={{ m: 0, p: 0 }}>
          {shown.map((row) => (
            <StackedRow
              key={row.number}
              title={`${row.number}. ${formatAdminDate(row.dueOn)}`}
              amount={formatRandAmount(row.amount)}
              details={`Principal ${formatRandAmount(row.principal)} · Interest ${formatRandAmount(row.interest)}`}
            />
          ))}
        </Box>
        {more}
        <StackedTotals
          lines={[
            ['Total principal', formatRand(totals.principalCents)],
            ['Total interest', formatRand(totals.interestCents)],
            ['Total to repay', formatRand(totals.amountCents)],
          ]}
        />
      </Box>
    );
  }

  return (
    <Box>
      <ScrollableTable label={`${label} table`}>
        <Table size="small" aria-label={label} sx={cellSx}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">No.</TableCell>
              <TableCell scope="col">Due date</TableCell>
              <TableCell scope="col" align="right">
                Principal
              </TableCell>
              <TableCell scope="col" align="right">
                Interest
              </TableCell>
              <TableCell scope="col" align="right">
                Instalment
              </TableCell>
              <TableCell scope="col" align="right">
                Balance after
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={row.number}>
                <TableCell>{row.number}</TableCell>
                <TableCell>{formatAdminDate(row.dueOn)}</TableCell>
                <TableCell align="right">{formatRandAmount(row.principal)}</TableCell>
                <TableCell align="right">{formatRandAmount(row.interest)}</TableCell>
                <TableCell align="right">{formatRandAmount(row.amount)}</TableCell>
                <TableCell align="right">{formatRandAmount(row.balanceAfter)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow sx={{ '& td, & th': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
              <TableCell component="th" scope="row" colSpan={2}>
                Total
              </TableCell>
              <TableCell align="right">{formatRand(totals.principalCents)}</TableCell>
              <TableCell align="right">{formatRand(totals.interestCents)}</TableCell>
              <TableCell align="right">{formatRand(totals.amountCents)}</TableCell>
              <TableCell />
            </TableRow>
          </TableFooter>
        </Table>
      </ScrollableTable>
      {more}
    </Box>
  );
}

/** The schedule of a loan being repaid: each instalment with its penalty, what is paid and left, and its state. */
export function LoanScheduleTable({ rows, label }: { rows: readonly InstalmentRow[]; label: string }) {
  const isWide = useIsWide();
  const { shown, more } = useFirstRows(rows);
  const totals = sumInstalments(rows);

  if (!isWide) {
    return (
      <Box>
        <Box component="ul" aria-label={label} sx={{ m: 0, p: 0 }}>
          {shown.map((row) => {
            const parts = [
              `Principal ${formatRandAmount(row.principal)}`,
              `Interest ${formatRandAmount(row.interest)}`,
              ...(row.penalty > 0 ? [`Penalty ${formatRandAmount(row.penalty)}`] : []),
              ...(row.state !== 'paid' && row.paid > 0 ? [`Paid ${formatRandAmount(row.paid)}`] : []),
              ...(row.state !== 'paid' ? [`Left ${formatRandAmount(row.unpaid)}`] : []),
            ];
            return (
              <StackedRow
                key={row.id}
                title={`${row.number}. ${formatAdminDate(row.dueOn)}`}
                amount={formatRandAmount(row.amount)}
                details={parts.join(' · ')}
                chip={<InstalmentStateChip state={row.state} label={row.stateLabel} />}
              />
            );
          })}
        </Box>
        {more}
        <StackedTotals
          lines={[
            ['Total principal', formatRand(totals.principalCents)],
            ['Total interest', formatRand(totals.interestCents)],
            ['Total penalties', formatRand(totals.penaltyCents)],
            ['Paid', formatRand(totals.paidCents)],
            ['Left to pay', formatRand(totals.unpaidCents)],
          ]}
        />
      </Box>
    );
  }

  return (
    <Box>
      <ScrollableTable label={`${label} table`}>
        <Table size="small" aria-label={label} sx={cellSx}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">No.</TableCell>
              <TableCell scope="col">Due date</TableCell>
              <TableCell scope="col" align="right">
                Principal
              </TableCell>
              <TableCell scope="col" align="right">
                Interest
              </TableCell>
              <TableCell scope="col" align="right">
                Penalty
              </TableCell>
              <TableCell scope="col" align="right">
                Amount
              </TableCell>
              <TableCell scope="col" align="right">
                Paid
              </TableCell>
              <TableCell scope="col" align="right">
                Left to pay
              </TableCell>
              <TableCell scope="col">Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.number}</TableCell>
                <TableCell>{formatAdminDate(row.dueOn)}</TableCell>
                <TableCell align="right">{formatRandAmount(row.principal)}</TableCell>
                <TableCell align="right">{formatRandAmount(row.interest)}</TableCell>
                <TableCell align="right">{formatRandAmount(row.penalty)}</TableCell>
                <TableCell align="right">{formatRandAmount(row.amount)}</TableCell>
                <TableCell align="right">{formatRandAmount(row.paid)}</TableCell>
                <TableCell align="right">{formatRandAmount(row.unpaid)}</TableCell>
                <TableCell>
                  <InstalmentStateChip state={row.state} label={row.stateLabel} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow sx={{ '& td, & th': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' } }}>
              <TableCell component="th" scope="row" colSpan={2}>
                Total
              </TableCell>
              <TableCell align="right">{formatRand(totals.principalCents)}</TableCell>
              <TableCell align="right">{formatRand(totals.interestCents)}</TableCell>
              <TableCell align="right">{formatRand(totals.penaltyCents)}</TableCell>
              <TableCell align="right">{formatRand(totals.amountCents)}</TableCell>
              <TableCell align="right">{formatRand(totals.paidCents)}</TableCell>
              <TableCell align="right">{formatRand(totals.unpaidCents)}</TableCell>
              <TableCell />
            </TableRow>
          </TableFooter>
        </Table>
      </ScrollableTable>
      {more}
    </Box>
  );
}
